/**
 * `npm run bench:bundle [-- --max 150]`: what a first visit downloads. The built server (bench/
 * pages/site.ts) and Chromium: each page loaded in a fresh context until the network is idle,
 * every HTML, JS, CSS and font file it fetched listed with its gzip size (the built file gzipped
 * here at level 9, the same whatever the server sends) and the bytes the server actually sent.
 * Exits 1 if the lobby's total is over --max KB (default 150), so CI can run it as a smoke; the
 * other pages' totals are for information. Needs `npm run build` (the npm script runs it).
 */
import { readFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../test/browser/pages.js';
import { preparePages, startBuiltSite } from './pages/site.js';

const args = process.argv.slice(2);
const at = args.indexOf('--max');
const MAX_KB = at >= 0 ? Number(args[at + 1]) : 150;
const CLIENT = 'dist/client';
const kb = (n: number) => (n / 1024).toFixed(1);

interface Fetched {
  path: string;
  kind: string;
  gzip: number;
  sent: number;
}

/** The built file a request got (the shell for a page's address), gzipped at level 9. */
function gzipOf(path: string, kind: string): number {
  let file = join(CLIENT, path);
  if (kind === 'document' || !existsSync(file) || statSync(file).isDirectory())
    file = join(CLIENT, 'index.html');
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

const WANTED = /\.(js|mjs|css|html|woff2?|ttf|otf)$/;

async function firstLoad(browser: Browser, url: string): Promise<Fetched[]> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  const seen: Fetched[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (req) =>
    pending.push(
      (async () => {
        const u = new URL(req.url());
        if (u.origin !== new URL(url).origin) return;
        const kind = req.resourceType();
        if (kind !== 'document' && !WANTED.test(u.pathname)) return;
        const sizes = await req.sizes();
        seen.push({
          path: u.pathname,
          kind,
          gzip: gzipOf(u.pathname, kind),
          sent: sizes.responseBodySize,
        });
      })(),
    ),
  );
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await context.close();
  return seen;
}

const site = await startBuiltSite('bundle');
const browser = await launchChromium();
let over: boolean;
try {
  const pages = await preparePages(site.url);
  const totals: [string, number][] = [];
  for (const name of ['lobby', 'game', 'analysis'] as const) {
    const files = await firstLoad(browser, site.url + pages.paths[name]);
    const total = files.reduce((s, f) => s + f.gzip, 0);
    const sent = files.reduce((s, f) => s + f.sent, 0);
    console.log(`\n${name} (${pages.paths[name]}): ${files.length} files`);
    console.log('| file | type | gzip -9 KB | sent KB |\n|---|---|---:|---:|');
    for (const f of files.sort((a, b) => b.gzip - a.gzip))
      console.log(`| ${f.path} | ${f.kind} | ${kb(f.gzip)} | ${kb(f.sent)} |`);
    console.log(`| **total** | | **${kb(total)}** | **${kb(sent)}** |`);
    totals.push([name, total]);
  }
  pages.close();
  const lobby = totals[0][1];
  console.log(
    `\nfirst load, gzip: ${totals.map(([n, t]) => `${n} ${kb(t)} KB`).join(', ')}; lobby limit ${MAX_KB} KB`,
  );
  over = lobby > MAX_KB * 1024;
  if (over) console.error(`the lobby's first load is ${kb(lobby)} KB gzip, over ${MAX_KB} KB`);
} finally {
  await browser.close();
  await site.stop();
}
process.exit(over ? 1 : 0);
