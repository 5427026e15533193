import { defineConfig } from 'vite';

/**
 * The browser client: sources in client/, built into dist/client/ which the server serves. One
 * page, client/index.html, the shell of every address; the pages' code comes with import().
 */
export default defineConfig({
  root: 'client',
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // A page's chunk is named for its page (pages/lobby/page.ts: lobby-<hash>.js).
        chunkFileNames: (chunk) =>
          `assets/${/pages\/([a-z]+)\/page\.ts$/.exec(chunk.facadeModuleId ?? '')?.[1] ?? '[name]'}-[hash].js`,
      },
    },
  },
  // The analysis board's engine runs in a module worker (pages/analysis/engine.worker.ts).
  worker: { format: 'es' },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
