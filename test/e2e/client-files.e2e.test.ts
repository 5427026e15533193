/**
 * The built client as the server sends it (src/web/client-files.ts): the .br or .gz the build
 * wrote, as the request accepts, else the file itself; hashed assets cached for a year, the
 * shell (at / and at a page's address) revalidated; nothing outside the client's directory.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startServer, type Server } from './harness.js';

let server: Server;
let dir: string;
const SHELL = '<!doctype html><title>shell</title>'.repeat(20);
const SCRIPT = 'export const x = 1;\n'.repeat(200);

beforeAll(async () => {
  // Under a dot-directory, as an install in ~/.local or a CI cache is: served all the same.
  dir = join(mkdtempSync(join(tmpdir(), 'damas-client-')), '.cache', 'client');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), SHELL);
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(SHELL));
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(SHELL));
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dir, 'assets', 'tiny-def456.js'), 'export{}');
  server = await startServer({ clientDir: dir });
});
afterAll(async () => {
  await server.destroy();
  rmSync(join(dir, '..', '..'), { recursive: true, force: true });
});

/** A GET by node:http: the status, the ETag and the body's bytes as sent. */
const raw = (path: string, headers: Record<string, string>) =>
  new Promise<{ status: number; etag: string; body: Buffer }>((done, fail) =>
    request(server.url + path, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () =>
        done({
          status: res.statusCode!,
          etag: String(res.headers.etag),
          body: Buffer.concat(parts),
        }),
      );
    })
      .on('error', fail)
      .end(),
  );

const get = (path: string, encoding?: string) =>
  fetch(server.url + path, { headers: encoding ? { 'accept-encoding': encoding } : {} });

test('a hashed asset: gzip when accepted (no .br built), cached a year, typed as its file', async () => {
  const res = await get('/assets/app-abc123.js', 'gzip, br');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-encoding')).toBe('gzip');
  expect(res.headers.get('vary')).toBe('Accept-Encoding');
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  // fetch decodes it: the file's own text.
  expect(await res.text()).toBe(SCRIPT);
  const raw = await get('/assets/app-abc123.js', 'identity');
  expect(raw.headers.get('content-encoding')).toBeNull();
  expect(Number(raw.headers.get('content-length'))).toBe(SCRIPT.length);
  // A file the build did not compress is sent as it is.
  const tiny = await get('/assets/tiny-def456.js', 'gzip, br');
  expect(tiny.headers.get('content-encoding')).toBeNull();
  expect(await tiny.text()).toBe('export{}');
});

test('the shell: brotli first, revalidated (no-cache, an ETag answered 304), at / and at a page', async () => {
  for (const path of [
    '/',
    '/analysis/brazilian',
    '/game/x',
    '/storm',
    '/training/storm',
    '/streak',
  ]) {
    const res = await get(path, 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe(SHELL);
  }
  // Node's own client: fetch would add "cache-control: no-cache" to a conditional request, and
  // would decode the body. The bytes on the wire are the built .br and .gz.
  const first = await raw('/', { 'accept-encoding': 'br' });
  const again = await raw('/', { 'accept-encoding': 'br', 'if-none-match': first.etag });
  expect(again.status).toBe(304);
  const body = async (encoding: string) => (await raw('/', { 'accept-encoding': encoding })).body;
  expect(brotliDecompressSync(await body('br')).toString()).toBe(SHELL);
  expect(gunzipSync(await body('gzip')).toString()).toBe(SHELL);
});

test('nothing outside the client directory, nothing but GET and HEAD', async () => {
  expect((await get('/assets/..%2f..%2fetc%2fpasswd')).status).toBe(404);
  expect((await get('/missing.js')).status).toBe(404);
  expect((await fetch(`${server.url}/index.html`, { method: 'POST' })).status).toBe(404);
});

test('a coding refused by q=0 is not sent; * accepts the rest', async () => {
  for (const [accept, sent] of [
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['x-br, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
  ] as const) {
    const r = await get('/', accept);
    expect([accept, r.status, r.headers.get('content-encoding')]).toEqual([accept, 200, sent]);
  }
});
