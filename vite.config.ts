import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/** The browser client: sources in client/, built into dist/client/ which the server serves. */
export default defineConfig({
  root: 'client',
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // Two pages: the lobby and game (/), and a player's profile (/@/:username).
    rollupOptions: {
      input: { main: resolve('client/index.html'), profile: resolve('client/profile.html') },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
