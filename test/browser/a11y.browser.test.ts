/**
 * Every page of the app checked by axe-core (WCAG 2.1 A and AA) in real Chromium, in the light
 * and the dark colour scheme: the lobby, a game in play (against the computer, and watched), a
 * finished game's replay, the analysis board, the editor, a profile, the leaderboard, the
 * tournaments, a tournament, the form that makes one, a challenge, the tokens page, the settings
 * dialog, a puzzle (solving, then failed) and the puzzle storm (the lobby shows the daily puzzle).
 * A violation fails the test with its rule, its elements and axe's help.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { connect, expectOk, http, newAccount, pairedMatch, type Server } from '../e2e/harness.js';
import { COLOUR_RULES, expectNoAxeViolations } from './axe.js';
import { writeSet } from '../puzzle-fixtures.js';
import { computerGame, openPage, startBrowserSuite, stopBrowserSuite } from './pages.js';

let server: Server;
let browser: Browser;
const closers: (() => void)[] = [];
/** What the pages show: made once through the API. */
const made = { live: '', finished: '', tournament: '', challenge: '' };
const ACCOUNT = 'Ada_a11y';
const PASSWORD = 'correct horse';
/** The generator's sample as the starter set: puzzles to show, and a daily one on the lobby. */
const SAMPLE = readFileSync('test/fixtures/puzzles-sample.ndjson', 'utf8').trim().split('\n');
const PUZZLE = (JSON.parse(SAMPLE[0]) as { id: string }).id;
const puzzleDir = mkdtempSync(join(tmpdir(), 'damas-a11y-'));
writeSet(puzzleDir, 'sample', SAMPLE);

beforeAll(async () => {
  ({ server, browser } = await startBrowserSuite({ engineThreads: 1, puzzleDir }));
  const ada = await newAccount(server, ACCOUNT);
  const ben = await newAccount(server, 'Ben_a11y');
  // A finished game of Ada's (her profile lists it): two moves, then Ben resigns.
  const game = await http(server, 'POST', '/api/test/matches', {
    variant: 'brazilian',
    whiteId: ada.id,
    blackId: ben.id,
  });
  made.finished = game.body.id;
  for (const [path, who] of [
    [[22, 18], ada],
    [[9, 13], ben],
  ] as const) {
    const r = await http(
      server,
      'POST',
      `/api/matches/${made.finished}/moves`,
      { path },
      who.token,
    );
    if (r.status !== 201) throw new Error(r.text);
  }
  const c = await connect(server, ben.token);
  expectOk(await c.emit('match:resign', { matchId: made.finished }));
  c.close();
  // A live game between two guests, their sockets open while the tests watch it.
  const live = await pairedMatch(server, 'brazilian', { initial: 600_000, increment: 0 });
  closers.push(live.close);
  made.live = live.match.id;
  const arena = await http(
    server,
    'POST',
    '/api/tournament',
    {
      name: 'Audit Arena',
      variant: 'brazilian',
      clock: { initial: 180_000, increment: 2000 },
      minutes: 30,
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      rated: false,
    },
    ada.token,
  );
  if (arena.status !== 201) throw new Error(arena.text);
  made.tournament = arena.body.id;
  // A challenge link of Ben's, his socket open (an open challenge's creator is online).
  const cb = await connect(server, ben.token);
  closers.push(() => cb.close());
  const ch = await http(
    server,
    'POST',
    '/api/challenges',
    { variant: 'russian', clock: { initial: 300_000, increment: 3000 } },
    ben.token,
  );
  if (ch.status !== 201) throw new Error(ch.text);
  made.challenge = ch.body.id;
});
afterAll(async () => {
  for (const close of closers) close();
  await stopBrowserSuite({ server, browser });
  rmSync(puzzleDir, { recursive: true, force: true });
});

/** Logs the page in as Ada through the header's form (the account pages need one). */
async function logIn(page: Page): Promise<void> {
  await page.click('#login-open');
  await page.fill('#account-username', ACCOUNT);
  await page.fill('#account-password', PASSWORD);
  await page.click('#account-submit');
  await page.waitForSelector('#logout:not([hidden])');
}

/** A page to check: where it is, and what shows it is ready. */
interface Case {
  name: string;
  path: () => string;
  ready: (page: Page) => Promise<unknown>;
}

const shown = (selector: string) => (page: Page) =>
  page.waitForSelector(`${selector}:not([hidden])`);

/** The analysis board, its pieces drawn. */
const studied = (page: Page) => page.waitForSelector('#analysis:not([hidden]) #board .piece');

const CASES: Case[] = [
  { name: 'the lobby', path: () => '/', ready: shown('#lobby') },
  {
    name: 'a game against the computer, in play',
    path: () => '/',
    ready: async (page) => {
      await shown('#lobby')(page);
      await computerGame(page, 'Gus');
      await page.waitForSelector('#status:text-is("Your move")');
    },
  },
  {
    name: 'a live game, watched',
    path: () => `/game/${made.live}`,
    ready: (page) => page.waitForSelector('#game:not([hidden]) .piece'),
  },
  {
    name: "a finished game's replay",
    path: () => `/game/${made.finished}`,
    ready: shown('#replay-where'),
  },
  {
    name: 'the analysis board (brazilian)',
    path: () => '/analysis/brazilian',
    ready: studied,
  },
  {
    name: 'the analysis board (international)',
    path: () => '/analysis/international',
    ready: studied,
  },
  { name: 'the board editor', path: () => '/editor/brazilian', ready: shown('#editor-panel') },
  {
    name: 'a profile',
    path: () => `/@/${ACCOUNT}`,
    ready: (page) =>
      page.waitForFunction(
        (name) => document.querySelector('#username')?.textContent?.includes(name),
        ACCOUNT,
      ),
  },
  { name: 'the leaderboard', path: () => '/leaderboard', ready: shown('#leaderboard') },
  {
    name: 'the tournaments',
    path: () => '/tournaments',
    ready: (page) => page.waitForSelector('#tours-upcoming li'),
  },
  {
    name: 'a tournament',
    path: () => `/tournament/${made.tournament}`,
    ready: (page) => page.waitForSelector('#tour-name:text-is("Audit Arena")'),
  },
  {
    name: 'the form that makes a tournament',
    path: () => '/',
    ready: async (page) => {
      await shown('#lobby')(page);
      await logIn(page);
      await page.goto(`${server.url}/tournament/new`);
      await shown('#nt-form')(page);
    },
  },
  {
    name: 'a challenge',
    path: () => `/challenge/${made.challenge}`,
    ready: shown('#challenge-answer'),
  },
  {
    name: 'the tokens page',
    path: () => '/',
    ready: async (page) => {
      await shown('#lobby')(page);
      await logIn(page);
      await page.click('#settings-open');
      await page.click('#tokens-open');
      await shown('#tokens-page')(page);
    },
  },
  {
    name: 'a puzzle, being solved',
    path: () => `/training/${PUZZLE}`,
    ready: (page) => page.waitForSelector('#training[data-playing="true"]'),
  },
  {
    name: 'a puzzle, failed and its solution shown',
    path: () => `/training/${PUZZLE}`,
    ready: async (page) => {
      await page.waitForSelector('#training[data-playing="true"]');
      await page.click('#pz-solution');
      await page.waitForSelector('#pz-solution', { state: 'hidden' });
    },
  },
  {
    name: 'the puzzle storm',
    path: () => '/rules',
    ready: async (page) => {
      // The sample's variant (the storm's is the variant last picked).
      await page.evaluate(() => localStorage.setItem('damas.variant', 'russian'));
      await page.goto(`${server.url}/storm`);
      await page.waitForSelector('#training[data-playing="true"]');
    },
  },
  { name: 'the lobby, with the daily puzzle', path: () => '/', ready: shown('#daily') },
  {
    name: 'the settings dialog',
    path: () => '/',
    ready: async (page) => {
      await shown('#lobby')(page);
      await page.click('#settings-open');
      await page.waitForSelector('#settings[open]');
    },
  },
];

// One page load per case, checked in both schemes: the colours follow prefers-color-scheme
// through CSS alone (light-dark()), so switching the emulated scheme repaints the same page, and
// in the dark only the rules about colour can find something the light check did not.
test.each(CASES.map((c) => [c.name, c] as const))(
  '%s: no axe violation, light and dark',
  async (_, c) => {
    const page = await openPage(browser, `${server.url}${c.path()}`, {
      consoleErrors: 'fail',
      colorScheme: 'light',
    });
    try {
      await c.ready(page);
      // Transitions and late text (the clock, the language) settled.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      await expectNoAxeViolations(page);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
        true,
      );
      await page.waitForTimeout(300);
      await expectNoAxeViolations(page, COLOUR_RULES);
    } finally {
      await page.context().close();
    }
  },
);
