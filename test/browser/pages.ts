/** What the browser tests share: Chromium as CI has it, a page of the app, the lobby's form. */
import {
  chromium,
  type Browser,
  type ConsoleMessage,
  type Page,
  type WebSocketRoute,
} from 'playwright-core';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Config } from '../../src/config.js';
import type { Move, Position } from '../../src/rules/index.js';
import { http, startServer, type Server } from '../e2e/harness.js';
import { writeSet } from '../puzzle-fixtures.js';

/** Where the browser tests save their screenshots (the README's come from here). */
export const SHOTS = resolve('artifacts/screenshots');

/** A test file's own app (its own database, serving the built client) and Chromium. */
export async function startBrowserSuite(
  overrides: Partial<Config> = {},
): Promise<{ server: Server; browser: Browser }> {
  mkdirSync(SHOTS, { recursive: true });
  const server = await startServer({
    clientDir: resolve('dist/client'),
    puzzleDir: samplePuzzles(),
    ...overrides,
  });
  return { server, browser: await launchChromium() };
}

export async function stopBrowserSuite(suite: { server?: Server; browser?: Browser }) {
  await suite.browser?.close();
  await suite.server?.destroy();
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * The generator's sample as a starter set, as an install has its shipped one: the lobby's daily
 * puzzle is there (a site without puzzles answers its request 404, which Chromium logs).
 */
function samplePuzzles(): string {
  const dir = mkdtempSync(join(tmpdir(), 'damas-browser-puzzles-'));
  writeSet(
    dir,
    'sample',
    readFileSync('test/fixtures/puzzles-sample.ndjson', 'utf8').trim().split('\n'),
  );
  return dir;
}

/** A console error fails a test. */
export const isConsoleError = (m: ConsoleMessage): boolean => m.type() === 'error';

/** A new page of the app at `url`; a page error fails the test (a console error too, if asked). */
export async function openPage(
  browser: Browser,
  url: string,
  opts: { consoleErrors?: 'fail'; colorScheme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1100, height: 800 },
    colorScheme: opts.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  if (opts.consoleErrors === 'fail')
    page.on('console', (m) => {
      if (isConsoleError(m)) throw new Error(`console error: ${m.text()}`);
    });
  await page.goto(url);
  return page;
}

/**
 * Goes to `url` and waits until the page's socket has connected (socket.io's CONNECT answer): a
 * page that loads with an identity opens its socket at once.
 */
export async function gotoConnected(page: Page, url: string): Promise<void> {
  const connected = new Promise<void>((done) =>
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        if (String(f.payload).startsWith('40')) done();
      }),
    ),
  );
  await page.goto(url);
  await connected;
}

/**
 * The page's sockets, routed through the test so that it can cut them as a lost network would:
 * `cut()` closes the one open (both ways: the server sees it go) and holds new ones until
 * `mend()`; the client then reconnects by itself. The page is loaded again (a route takes only on
 * documents loaded after it): set up before the page opens its socket.
 */
export async function cuttable(page: Page): Promise<{ cut(): Promise<void>; mend(): void }> {
  let mended: Promise<void> = Promise.resolve();
  let mend = () => {};
  const open: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/socket\.io\//, async (ws) => {
    await mended;
    open.push(ws, ws.connectToServer());
  });
  await page.reload();
  return {
    async cut() {
      mended = new Promise((done) => (mend = done));
      await Promise.all(open.splice(0).map((r) => r.close({ code: 4000 }).catch(() => undefined)));
    },
    mend: () => mend(),
  };
}

/** Fills the lobby's form and queues (clock '' = untimed). */
export async function queue(page: Page, name: string, variant: string, clock = ''): Promise<void> {
  await page.fill('#name', name);
  await page.selectOption('#variant', variant);
  await page.selectOption('#clock', clock);
  await page.click('#play');
  await page.waitForSelector('#waiting:not([hidden]), #game:not([hidden])');
}

export const square = (page: Page, sq: number) => page.locator(`rect[data-square="${sq}"]`);

/** The id of the game the page shows (its address, /game/<id>), or null. */
export const shownGame = (page: Page) =>
  page.evaluate(() => /^\/game\/([0-9a-f-]{36})$/.exec(location.pathname)?.[1] ?? null);

/** The guest identity this page keeps. */
export const playerId = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('damas.identity') ?? '{}') as { id: string }).id,
  );

/**
 * Two pages in a brazilian match from `fen` (test API), White first: their identities come
 * through the lobby (queued for different variants, then cancelled, so they are not paired).
 */
export async function customMatch(
  server: { url: string },
  w: Page,
  b: Page,
  fen: string,
): Promise<{ status: number; body: { id: string } }> {
  await queue(w, 'Wanda', 'pool');
  await queue(b, 'Boris', 'czech');
  await w.click('#cancel');
  await b.click('#cancel');
  await w.waitForSelector('#waiting', { state: 'hidden' });
  const created = await http(server, 'POST', '/api/test/matches', {
    variant: 'brazilian',
    fen,
    whiteId: await playerId(w),
    blackId: await playerId(b),
  });
  await w.waitForSelector('#game:not([hidden])');
  return created;
}

/** Signs up (or logs in: `mode`) in the page's account form and waits until it is logged in. */
export async function signUp(
  page: Page,
  username: string,
  mode: 'signup' | 'login' = 'signup',
): Promise<void> {
  await page.click(`#${mode}-open`);
  await page.fill('#account-username', username);
  await page.fill('#account-password', 'a long password');
  await page.click('#account-submit');
  await page.waitForSelector('#logout:not([hidden])');
}

/** Logs in from the header an account made by signUp (its password). */
export const logIn = (page: Page, username: string) => signUp(page, username, 'login');

/**
 * A game against the computer (level 1, untimed, White) from the lobby, under `name` (null: an
 * account's, which is its username).
 */
export async function computerGame(
  page: Page,
  name: string | null,
  variant = 'brazilian',
): Promise<void> {
  if (name !== null) await page.fill('#name', name);
  await page.selectOption('#variant', variant);
  await page.selectOption('#clock', '');
  await page.selectOption('#level', '1');
  await page.selectOption('#color', 'white');
  await page.click('#play-computer');
  await page.waitForSelector('#game:not([hidden])');
}

/** The square the keyboard focus is on (0: none). */
export const focusedSquare = (page: Page) =>
  page.evaluate(() => Number(document.activeElement?.getAttribute('data-square')));

/**
 * Keyboard only: Tab until a square has the focus (if none has), then the arrow keys towards
 * `target` (the way that square lies on screen), as a player would.
 */
export async function keyboardTo(page: Page, target: number): Promise<void> {
  for (let i = 0; i < 40 && !(await focusedSquare(page)); i++) await page.keyboard.press('Tab');
  for (let i = 0; i < 20 && (await focusedSquare(page)) !== target; i++) {
    const [r, c] = await page.evaluate(
      ([a, b]) => {
        const rect = (n: number) =>
          document.querySelector(`rect[data-square="${n}"]`)!.getBoundingClientRect();
        return [rect(b).y - rect(a).y, rect(b).x - rect(a).x];
      },
      [await focusedSquare(page), target],
    );
    await page.keyboard.press(
      r < 0 ? 'ArrowUp' : r > 0 ? 'ArrowDown' : c < 0 ? 'ArrowLeft' : 'ArrowRight',
    );
  }
  if ((await focusedSquare(page)) !== target) throw new Error(`square ${target} never focused`);
}

/** A quiet reply in `pos` after which the move from-to is still legal (a premove it keeps). */
export function replyKeeping(pos: Position, from: number, to: number): Move {
  return pos
    .legalMoves()
    .find((m) => pos.play(m).findMove({ from, to }).ok && m.captures.length === 0)!;
}
