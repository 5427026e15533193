/**
 * The README's gallery: every page in the light and dark themes, on a desktop (1280x800) and a
 * phone (390x844), drawn by Chromium from a fresh server (`npm run screenshots`, after a build;
 * writes docs/screenshots/pages/<page>-<theme>-<device>.jpg). One account, Ana, signs up, plays
 * the computer (a game in play, and one resigned for the replay) and makes an arena.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { Position, unwrap, type VariantId } from '../src/rules/index.js';
import { freshDatabase } from '../bench/server/fresh-database.js';
import { startProc } from '../test/cluster/procs.js';

const OUT = resolve('docs/screenshots/pages');
const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;
const THEMES = ['light', 'dark'] as const;

type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const database = await freshDatabase('screenshots', true);
  const server = await startProc({ ...database.env, RATE_HTTP: '1000000/1000000' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const { storage, live, done, tournament } = await prepare(browser, server.url);
    const pages: [string, string, ((p: Page) => Promise<void>)?][] = [
      ['lobby', '/'],
      ['game', `/game/${live}`, (p) => selectMovable(p, server.url, live)],
      ['game-over', `/game/${done}`],
      ['analysis', '/analysis/international'],
      ['editor', '/editor/russian'],
      ['profile', '/@/Ana'],
      ['leaderboard', '/leaderboard'],
      ['tournaments', '/tournaments'],
      ['tournament', `/tournament/${tournament}`],
      ['new-tournament', '/tournament/new'],
    ];
    for (const [device, options] of Object.entries(DEVICES))
      for (const theme of THEMES) {
        const context = await browser.newContext({
          ...options,
          colorScheme: theme,
          storageState: storage,
        });
        const page = await context.newPage();
        for (const [name, path, then] of pages) {
          await page.goto(server.url + path);
          await page.waitForLoadState('networkidle');
          await then?.(page);
          // Animations and the engine's first lines settle.
          await page.waitForTimeout(600);
          await page.screenshot({ path: `${OUT}/${name}-${theme}-${device}.jpg`, quality: 82 });
        }
        await context.close();
        console.log(`${device} ${theme}: ${pages.length} pages`);
      }
  } finally {
    await browser.close();
    await database.stop([server]);
  }
}

/** Ana's account, a game in play and one over (both against the computer), and an arena. */
async function prepare(browser: Browser, url: string) {
  const context = await browser.newContext(DEVICES.desktop);
  const page = await context.newPage();
  await page.goto(url);
  await page.click('#signup-open');
  await page.fill('#account-username', 'Ana');
  await page.fill('#account-password', 'a long password');
  await page.click('#account-submit');
  await page.waitForSelector('#logout:not([hidden])');
  const done = await computerGame(page, url, 'brazilian', 4);
  await page.click('#resign');
  await page.click('#resign-confirm');
  await page.waitForSelector('#banner:not([hidden])');
  await page.goto(url);
  const live = await computerGame(page, url, 'international', 3);
  const tournament = await page.evaluate(async () => {
    const r = await fetch('/api/tournament', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Friday Blitz',
        variant: 'brazilian',
        clock: { initial: 180_000, increment: 2000 },
        minutes: 45,
        startsAt: new Date(Date.now() + 10 * 60_000).toISOString(),
        rated: true,
        berserkable: true,
      }),
    });
    const t = (await r.json()) as { tournament?: { id: string }; id?: string };
    await fetch(`/api/tournament/${t.tournament?.id ?? t.id}/join`, { method: 'POST' });
    return t.tournament?.id ?? t.id;
  });
  const storage: Storage = await context.storageState();
  await context.close();
  return { storage, live, done, tournament };
}

/** A game against the computer (level 1, White) from the quick pairing, `moves` moves in. */
async function computerGame(
  page: Page,
  url: string,
  variant: VariantId,
  moves: number,
): Promise<string> {
  await page.selectOption('#quick-variant', variant);
  await page.click('#quick-computer-open');
  await page.selectOption('#quick-color', 'white');
  await page.click('#quick-levels [data-level="1"]');
  await page.waitForSelector('#game:not([hidden])');
  const id = /\/game\/([0-9a-f-]{36})/.exec(page.url())![1];
  for (let i = 0; i < moves; i++) {
    const position = await myTurn(url, id);
    const move = position.legalMoves()[0];
    for (const sq of move.path) await page.click(`rect[data-square="${sq}"]`);
    await page.waitForFunction(
      (ply) => document.querySelectorAll('#moves .ply').length >= ply,
      2 * (i + 1),
    );
  }
  return id;
}

/** The game's position once it is White's move again (the computer answered). */
async function myTurn(url: string, id: string): Promise<Position> {
  for (;;) {
    const state = (await (await fetch(`${url}/api/matches/${id}`)).json()) as {
      fen: string;
      turn: string;
      variant: VariantId;
    };
    if (state.turn === 'white') return unwrap(Position.fromFen(state.variant, state.fen));
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A piece picked, its moves shown (a move being chosen). */
async function selectMovable(page: Page, url: string, id: string): Promise<void> {
  const move = (await myTurn(url, id)).legalMoves()[0];
  await page.click(`rect[data-square="${move.from}"]`);
}

await main();
