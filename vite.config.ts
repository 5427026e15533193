import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/** The browser client: sources in client/, built into dist/client/ which the server serves. */
export default defineConfig({
  root: 'client',
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // Three pages: the lobby and game (/), a player's profile (/@/:username), and the analysis
    // board with its editor (/analysis/:variant, /editor/:variant).
    rollupOptions: {
      input: {
        main: resolve('client/index.html'),
        profile: resolve('client/profile.html'),
        analysis: resolve('client/analysis.html'),
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
