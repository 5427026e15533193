/**
 * The leaderboard in real Chromium: /leaderboard is a page (no longer 404), reached from the
 * lobby's header; a pool nobody has settled in says what it takes; two accounts whose ratings
 * settled through real rated games (the test API starts them, the loser resigns) are listed in
 * rating order, each name the way to the profile, whose ratings lead back to the pool. And the
 * same site header on every page.
 */
import type { Browser, Page } from 'playwright-core';
import { connect, expectOk, http, newAccount, type Client, type Server } from '../e2e/harness.js';
import { openPage, SHOTS, startBrowserSuite, stopBrowserSuite } from './pages.js';

let server: Server;
let browser: Browser;
beforeAll(async () => ({ server, browser } = await startBrowserSuite()));
afterAll(() => stopBrowserSuite({ server, browser }));
const open = (path = '/'): Promise<Page> =>
  openPage(browser, `${server.url}${path}`, { consoleErrors: 'fail' });

type Account = Awaited<ReturnType<typeof newAccount>>;

/** A rated english blitz game, `loser` resigning it at once. */
async function ratedGame(white: Account, black: Account, loser: Client): Promise<string> {
  const r = await http(server, 'POST', '/api/test/matches', {
    variant: 'english',
    whiteId: white.id,
    blackId: black.id,
    clock: { initial: 180_000, increment: 2_000 },
    rated: true,
  });
  expect(r.status).toBe(201);
  const matchId = r.body.id as string;
  expectOk(await loser.emit('match:join', { matchId }));
  expectOk(await loser.emit('match:resign', { matchId }));
  await loser.next('match:end', (e) => e.matchId === matchId);
  return matchId;
}

const rd = async (a: Account): Promise<number> => {
  const r = await http(server, 'GET', `/api/users/${a.username}`);
  return (r.body.ratings as { speed: string; rd: number }[]).find((x) => x.speed === 'blitz')!.rd;
};

let ana: Account;
let ben: Account;
let lastGame: string;

beforeAll(async () => {
  ana = await newAccount(server, 'Ana_lb');
  ben = await newAccount(server, 'Ben_lb');
  const [anaSocket, benSocket] = [
    await connect(server, ana.token),
    await connect(server, ben.token),
  ];
  // Ana wins two games of three, until both ratings have settled (RD <= 75: 32 games).
  for (let i = 1; i <= 60; i++) {
    lastGame = await ratedGame(ana, ben, i % 3 === 0 ? anaSocket : benSocket);
    if (i >= 25 && (await rd(ana)) <= 75 && (await rd(ben)) <= 75) break;
  }
  anaSocket.close();
  benSocket.close();
}, 120_000);

test('/leaderboard is a page, its pools too', async () => {
  for (const path of ['/leaderboard', '/leaderboard/international/blitz', '/leaderboard/pool']) {
    const r = await http(server, 'GET', path);
    expect({ path, status: r.status }).toEqual({ path, status: 200 });
    expect(r.text).toContain('<div id="page">');
  }
});

test('from the lobby: an empty pool says what it takes; two settled players in rating order', async () => {
  const page = await open('/');
  await page.waitForSelector('#lobby:not([hidden])');
  await page.click('#leaderboard-nav');
  await page.waitForSelector('#leaderboard:not([hidden])');
  // The default pool: nobody has settled there.
  expect(new URL(page.url()).pathname).toBe('/leaderboard/brazilian/blitz');
  await page.waitForSelector('#lb-empty:not([hidden])');
  expect(await page.textContent('#lb-empty')).toBe(
    'No player has a settled rating in Brazilian blitz yet: RD ≤ 75, after about 27 rated games.',
  );
  expect(await page.isHidden('#lb-table')).toBe(true);
  expect(await page.getAttribute('#leaderboard-nav', 'aria-current')).toBe('page');

  // English blitz: Ana above Ben, as the API ranks them.
  await page.selectOption('#lb-variant', 'english');
  await page.waitForSelector('#lb-table:not([hidden])');
  expect(new URL(page.url()).pathname).toBe('/leaderboard/english/blitz');
  expect(await page.textContent('#lb-title')).toBe(
    'Leaderboard: English draughts (checkers) blitz',
  );
  const api = (await http(server, 'GET', '/api/leaderboard/english/blitz')).body as {
    username: string;
    rating: number;
    games: number;
  }[];
  expect(api.map((e) => e.username)).toEqual(['Ana_lb', 'Ben_lb']);
  expect(api[0].rating).toBeGreaterThan(api[1].rating);
  const rows = await page
    .locator('#lb-rows tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  expect(rows).toEqual(
    api.map((e, i) => [String(i + 1), e.username, String(e.rating), String(e.games)]),
  );
  expect(await page.isHidden('#lb-empty')).toBe(true);
  await page.screenshot({ path: `${SHOTS}/leaderboard.png` });

  // Another speed: empty again; Back returns to the pool before.
  await page.selectOption('#lb-speed', 'rapid');
  await page.waitForSelector('#lb-empty:not([hidden])');
  expect(new URL(page.url()).pathname).toBe('/leaderboard/english/rapid');
  await page.goBack();
  await page.waitForSelector('#lb-table:not([hidden])');
  expect(await page.inputValue('#lb-speed')).toBe('blitz');

  // A name leads to the profile, whose rating leads back to its pool.
  await page.click('#lb-rows a:text("Ben_lb")');
  await page.waitForSelector('#profile:not([hidden])');
  expect(new URL(page.url()).pathname).toBe('/@/Ben_lb');
  // The link leaves the profile: the row's own click (charting that rating) does not run too.
  const charts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/rating-history')) charts.push(r.url());
  });
  await page.click('#ratings tr[data-variant="english"][data-speed="blitz"] a.leaderboard-link');
  await page.waitForSelector('#lb-table:not([hidden])');
  expect(charts).toEqual([]);
  expect(new URL(page.url()).pathname).toBe('/leaderboard/english/blitz');
  expect(await page.locator('#lb-rows tr').count()).toBe(2);
});

test('the same site header on every page', async () => {
  const pages = [
    ['lobby', '/', '#lobby'],
    ['game', `/game/${lastGame}`, '#game'],
    ['profile', '/@/Ana_lb', '#profile'],
    ['leaderboard', '/leaderboard', '#leaderboard'],
    ['analysis board', '/analysis', '#analysis'],
    ['board editor', '/editor', '#editor'],
    ['API tokens', '/?page=tokens', '#tokens-page'],
  ];
  const page = await open('/');
  for (const [name, path, shown] of pages) {
    await page.goto(`${server.url}${path}`);
    await page.waitForSelector(`${shown}:not([hidden])`, { timeout: 10_000 });
    for (const part of ['#home', '#leaderboard-nav', '#settings-open', '#sounds', '#language'])
      expect({ name, part, visible: await page.isVisible(part) }).toEqual({
        name,
        part,
        visible: true,
      });
    // The analysis board: its link, or its own name where it is the page.
    const board = (await page.isVisible('#analysis-nav')) || (await page.isVisible('#page-title'));
    expect({ name, board }).toEqual({ name, board: true });
    expect(await page.locator('header').count()).toBe(1);
  }
});
