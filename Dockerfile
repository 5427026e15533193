FROM node:20-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV PORT=3000 NODE_ENV=production
EXPOSE 3000
CMD ["node", "dist/main.js"]
