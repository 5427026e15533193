/**
 * `npm run bench:lighthouse [-- --pages lobby,game] [--modes mobile,desktop]`: Lighthouse 12.2.3
 * (run with npx, not a dependency: too heavy for CI's npm ci) on the built server (bench/pages/
 * site.ts: a fresh database, a live game, a profile with a finished game, an arena) in the
 * default mobile mode (simulated throttling) and --preset=desktop. Prints a markdown table
 * (performance, accessibility, best practices, FCP/LCP/TBT/CLS), what costs performance and the
 * failed accessibility and best-practices audits; the JSON reports go to artifacts/lighthouse/.
 * Needs `npm run build` (the npm script runs it) and Chromium at /usr/bin/chromium
 * (CHROMIUM_PATH). The goal: performance >= 95, accessibility and best practices 100.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { preparePages, startBuiltSite } from './pages/site.js';

const run = promisify(execFile);
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1].split(',') : undefined;
};
const PAGES = option('--pages') ?? [
  'lobby',
  'game',
  'analysis',
  'profile',
  'tournaments',
  'tournament',
];
const MODES = option('--modes') ?? ['mobile', 'desktop'];
const OUT = resolve('artifacts/lighthouse');
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  details?: { type?: string; overallSavingsMs?: number };
  metricSavings?: Record<string, number>;
}
interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
}

/** One run; a run that fails (on a loaded machine Lighthouse may lose its trace: NO_NAVSTART) is tried again, three times in all. */
async function lighthouse(url: string, file: string, mode: string): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, file, mode);
    } catch (e) {
      if (attempt === 3) throw e;
      const why = (e as { stderr?: string }).stderr?.trim() || String(e);
      console.error(`${url} ${mode}: ${why}; again`);
    }
  }
}

async function lighthouseOnce(url: string, file: string, mode: string): Promise<Report> {
  await run(
    'npx',
    [
      '-y',
      'lighthouse@12.2.3',
      url,
      `--chrome-path=${CHROME}`,
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking',
      '--output=json',
      `--output-path=${file}`,
      '--only-categories=performance,accessibility,best-practices',
      '--quiet',
      ...(mode === 'desktop' ? ['--preset=desktop'] : []),
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(readFileSync(file, 'utf8')) as Report;
}

const score = (r: Report, c: string) => {
  const s = r.categories[c]?.score;
  return s === null || s === undefined ? '?' : String(Math.round(s * 100));
};
const ms = (r: Report, id: string) => `${Math.round(r.audits[id]?.numericValue ?? NaN)}`;

mkdirSync(OUT, { recursive: true });
const site = await startBuiltSite('lighthouse');
const rows: string[] = [];
const notes: string[] = [];
try {
  const pages = await preparePages(site.url);
  for (const name of PAGES) {
    const path = pages.paths[name as keyof typeof pages.paths];
    if (path === undefined) throw new Error(`no page ${name}`);
    for (const mode of MODES) {
      const r = await lighthouse(site.url + path, `${OUT}/${name}-${mode}.json`, mode);
      if (r.runtimeError) notes.push(`${name} ${mode}: runtime error ${r.runtimeError.message}`);
      const cls = (r.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3);
      rows.push(
        `| ${name} | ${mode} | ${score(r, 'performance')} | ${score(r, 'accessibility')} | ${score(r, 'best-practices')} | ${ms(r, 'first-contentful-paint')} | ${ms(r, 'largest-contentful-paint')} | ${ms(r, 'total-blocking-time')} | ${cls} |`,
      );
      console.error(rows.at(-1));
      // What costs performance: the opportunities with savings, then the failed audits of the
      // other two categories.
      const costs = Object.values(r.audits)
        .filter((a) => (a.details?.overallSavingsMs ?? 0) > 0 || (a.metricSavings?.LCP ?? 0) > 0)
        .filter((a) => a.score !== null && a.score < 1)
        .sort((a, b) => (b.details?.overallSavingsMs ?? 0) - (a.details?.overallSavingsMs ?? 0))
        .slice(0, 5)
        .map((a) => `${a.id} (${a.displayValue ?? Math.round(a.details?.overallSavingsMs ?? 0)})`);
      if (costs.length) notes.push(`${name} ${mode} performance: ${costs.join('; ')}`);
      for (const c of ['accessibility', 'best-practices']) {
        const failed = r.categories[c].auditRefs
          .map((ref) => r.audits[ref.id])
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              !['notApplicable', 'manual', 'informative'].includes(a.scoreDisplayMode),
          )
          .map((a) => a.id);
        if (failed.length) notes.push(`${name} ${mode} ${c}: ${failed.join(', ')}`);
      }
    }
  }
  pages.close();
} finally {
  await site.stop();
}
console.log(
  '| page | mode | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
if (notes.length) console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`);
console.log(`\nreports: ${OUT}/<page>-<mode>.json`);
