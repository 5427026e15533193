import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a .br and a .gz beside every built text file the browser loads (not the source maps),
 * compressed once at their best here rather than per request: the server sends the one the
 * browser accepts (src/web/client-files.ts).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'damas-precompress',
    apply: 'build',
    configResolved: (c) => void (outDir = resolve(c.root, c.build.outDir)),
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
        );
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json)$/.test(f))) {
        const raw = readFileSync(file);
        const br = brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gz = gzipSync(raw, { level: 9 });
        // A tiny file may grow: it is then sent as it is.
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * The browser client: sources in client/, built into dist/client/ which the server serves. One
 * page, client/index.html, the shell of every address; the pages' code comes with import().
 */
export default defineConfig({
  root: 'client',
  plugins: [precompress()],
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
