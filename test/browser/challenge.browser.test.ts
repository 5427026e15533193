/**
 * Challenges in real Chromium: a link made in the lobby, opened in another browser and accepted
 * (both pages in the game, a move seen across, "my games" counting it); a seek live in another
 * lobby, withdrawn, made again and clicked; a direct challenge between accounts, noticed on the
 * lobby, declined with a reason, then a correspondence one accepted from the notice after a
 * reload ("2 days left" instead of a clock); a link's page that sees a cancel at once, and the
 * challenger's own page that sees a decline; the tab that made a challenge taken into its game
 * from another game, its other tab not; a seek cancelled in another tab; a page whose socket was
 * cut, reading what it missed when it reconnects.
 */
import type { Browser, Page } from 'playwright-core';
import { http, newAccount, type Server } from '../e2e/harness.js';
import {
  cuttable,
  gotoConnected,
  openPage,
  queue,
  SHOTS,
  signUp,
  shownGame,
  square,
  startBrowserSuite,
  stopBrowserSuite,
} from './pages.js';

let server: Server;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await startBrowserSuite()));
afterAll(() => stopBrowserSuite({ server, browser }));

const open = (url = server.url): Promise<Page> => openPage(browser, url, { consoleErrors: 'fail' });

/** The "Play a friend" form filled and sent (or, with `seek`, listed in the lobby). */
async function challenge(
  page: Page,
  terms: { name?: string; variant: string; time: string; color?: string; to?: string },
  seek = false,
): Promise<void> {
  if (terms.name) await page.fill('#name', terms.name);
  await page.selectOption('#friend-variant', terms.variant);
  await page.selectOption('#friend-time', terms.time);
  await page.selectOption('#friend-color', terms.color ?? 'random');
  await page.fill('#friend-to', terms.to ?? '');
  await page.click(seek ? '#seek-create' : '#friend-create');
  await page.waitForSelector('#friend-waiting:not([hidden])');
}

/** A guest known to the server, with its socket open: it queued and left the queue. */
async function knownGuest(name: string): Promise<Page> {
  const page = await open();
  await queue(page, name, 'czech');
  await page.click('#cancel');
  await page.waitForSelector('#waiting', { state: 'hidden' });
  return page;
}

const holds = (page: Page, sq: number, piece: string) =>
  page.waitForFunction(
    ([s, p]) =>
      document.querySelector(`rect[data-square="${s}"]`)?.getAttribute('aria-label')?.includes(p),
    [sq, piece] as const,
  );

/** Waits (5 s at most) until `ok` holds. */
async function until(ok: () => Promise<boolean>): Promise<void> {
  for (const end = Date.now() + 5000; !(await ok());) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const term = (page: Page, name: string) => page.textContent(`[data-term="${name}"]`);

test('a link made in the lobby, opened in another browser, accepted: both play', async () => {
  const a = await open();
  await a.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: server.url,
  });
  await challenge(a, { name: 'Ana', variant: 'brazilian', time: '', color: 'white' });
  const link = await a.inputValue('#friend-link');
  expect(link).toMatch(new RegExp(`^${server.url}/challenge/[0-9a-f-]{36}$`));
  expect(await a.textContent('#friend-waiting-text')).toContain('Waiting for your opponent');
  expect(await a.isDisabled('#friend-create')).toBe(true);
  await a.click('#friend-copy');
  await a.waitForFunction(() => document.querySelector('#friend-copy')?.textContent === 'Copied!');
  expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await a.screenshot({ path: `${SHOTS}/challenge-link.png` });

  // Another browser (no identity yet) opens the link: the terms, a name, Accept.
  const b = await open(link);
  await b.waitForSelector('#challenge-page:not([hidden])');
  await b.waitForSelector('#challenge-answer:not([hidden])');
  expect(await b.textContent('#challenge-title')).toBe('Ana challenges you');
  expect(await term(b, 'variant')).toBe('Brazilian');
  expect(await term(b, 'time-control')).toBe('No clock');
  expect(await term(b, 'colour')).toBe('Ana plays white, you play black');
  expect(await term(b, 'mode')).toBe('Casual');
  expect(await b.isVisible('#challenge-decline')).toBe(true);
  await b.screenshot({ path: `${SHOTS}/challenge-page.png` });
  await b.fill('#challenge-name', 'Bruno');
  await b.click('#challenge-accept');

  // Both pages go into the game: the challenger's by match:start alone.
  await a.waitForSelector('#game:not([hidden])');
  await b.waitForSelector('#game:not([hidden])');
  // The address is the game's own link now.
  expect(new URL(b.url()).pathname).toMatch(/^\/game\/[0-9a-f-]{36}$/);
  expect(await a.textContent('#bottom-player')).toContain('Ana (white)');
  expect(await b.textContent('#bottom-player')).toContain('Bruno (black)');
  expect(await b.textContent('#top-player')).toContain('Ana (white)');
  expect(await a.locator('#board .piece').count()).toBe(24);
  expect(await a.textContent('#status')).toBe('Your move');

  // White clicks 22 then 18; Black's page sees the move.
  await square(a, 22).click();
  await a.waitForSelector('[data-target="18"]');
  await square(a, 18).click();
  await holds(b, 18, 'white man');
  expect(await b.textContent('#moves')).toContain('22-18');
  expect(await b.textContent('#status')).toBe('Your move');

  // "My games": one game awaits Bruno's move, none Ana's.
  await b.waitForFunction(() => {
    const c = document.querySelector<HTMLElement>('#my-games-count');
    return c?.textContent === '1' && !c.hidden;
  });
  await a.waitForSelector('#my-games-open:not([hidden])');
  expect(await a.isHidden('#my-games-count')).toBe(true);
  await b.click('#my-games-open');
  await b.waitForSelector('#my-games:not([hidden])');
  expect(await b.textContent('#my-games-list')).toContain('vs Ana · Brazilian · Your move');

  // The link now shows what became of it, and leads to the game.
  const matchId = await shownGame(a);
  const c = await open(link);
  await c.waitForSelector('#challenge-game:not([hidden])');
  expect(await c.textContent('#challenge-state')).toBe('Accepted: the game is on.');
  expect(await c.getAttribute('#challenge-game', 'href')).toBe(`/?game=${matchId}`);
  expect(await c.isHidden('#challenge-answer')).toBe(true);
  for (const p of [a, b, c]) await p.context().close();
});

test('a seek shows live in another lobby, goes when withdrawn, and a click plays it', async () => {
  const b = await knownGuest('Bea');
  const a = await open();
  expect(await b.locator('#seeks li').count()).toBe(0);
  await challenge(a, { name: 'Abel', variant: 'russian', time: '180000+2000' }, true);
  expect(await a.textContent('#friend-waiting-text')).toContain('Your seek is in the lobby');

  // Live over B's socket: much sooner than a page without one reads the list again.
  const row = b.locator('#seeks button.seek');
  await row.waitFor({ timeout: 1500 });
  expect(await row.locator('.name').textContent()).toBe('Abel');
  expect(await row.locator('.variant').textContent()).toBe('Russian');
  expect(await row.locator('.pace').textContent()).toBe('3+2');
  expect(await row.locator('.mode').textContent()).toBe('casual');
  // The seeker sees its own, not to be clicked.
  await a.waitForSelector('#seeks button.seek[disabled]');
  expect(await a.textContent('#seeks')).toContain('Abel (you)');
  await b.screenshot({ path: `${SHOTS}/lobby-seeks.png` });

  // Withdrawn: gone from B's list at once.
  await a.click('#friend-cancel');
  await b.waitForSelector('#seeks button.seek', { state: 'detached', timeout: 1500 });
  await a.waitForSelector('#friend-waiting', { state: 'hidden' });
  expect(await a.isHidden('#friend-result')).toBe(true);
  expect(await b.isVisible('#no-seeks')).toBe(true);

  // Made again, and clicked: the game starts on both pages.
  await challenge(a, { variant: 'russian', time: '180000+2000', color: 'black' }, true);
  await row.waitFor({ timeout: 1500 });
  await row.click();
  await b.waitForSelector('#game:not([hidden])');
  await a.waitForSelector('#game:not([hidden])');
  expect(await b.textContent('#bottom-player')).toContain('Bea (white)');
  expect(await a.textContent('#bottom-player')).toContain('Abel (black)');
  expect(await a.textContent('[data-clock="white"]')).toMatch(/^\d+:\d\d$/);

  // Taken: no longer in a lobby.
  const c = await open();
  await c.waitForSelector('#lobby:not([hidden])');
  await c.waitForTimeout(300);
  expect(await c.locator('#seeks li').count()).toBe(0);
  expect((await http(server, 'GET', '/api/lobby/seeks')).body).toEqual([]);
  for (const p of [a, b, c]) await p.context().close();
});

test('a direct challenge is noticed, declined with a reason; a correspondence one accepted', async () => {
  const ana = await open();
  const ben = await open();
  await signUp(ana, 'Ana_c');
  await signUp(ben, 'Ben_c');

  // Ben, in the lobby, gets the notice at once; he declines: too fast.
  await challenge(ana, { variant: 'brazilian', time: '60000+0', to: 'Ben_c' });
  expect(await ana.textContent('#friend-waiting-text')).toContain('Waiting for Ben_c to answer');
  const notice = ben.locator('#incoming .notice');
  await notice.waitFor({ timeout: 1500 });
  expect(await notice.textContent()).toContain(
    'Ana_c 1500? challenges you: Brazilian · 1+0 · casual.',
  );
  await ben.screenshot({ path: `${SHOTS}/challenge-notice.png` });
  await notice.locator('select.reason').selectOption('tooFast');
  await notice.locator('button.decline').click();
  await notice.waitFor({ state: 'detached' });
  await ana.waitForSelector('#friend-result:not([hidden])');
  expect(await ana.textContent('#friend-result')).toBe(
    'Ben_c declined your challenge. “This time control is too fast for me: please challenge again with a slower game.”',
  );
  expect(await ana.isHidden('#friend-waiting')).toBe(true);

  // A correspondence challenge, two days a move: Ben, back later, accepts it from the notice.
  await ben.close();
  await challenge(ana, { variant: 'brazilian', time: 'd2', color: 'white', to: 'ben_c' });
  const ben2 = await ben.context().newPage();
  ben2.on('pageerror', (e) => {
    throw e;
  });
  await ben2.goto(server.url);
  const later = ben2.locator('#incoming .notice');
  await later.waitFor();
  expect(await later.textContent()).toContain('Brazilian · 2 days per move · casual');
  await later.locator('button.accept').click();
  await ben2.waitForSelector('#game:not([hidden])');
  await ana.waitForSelector('#game:not([hidden])');
  await ben2.waitForSelector('#incoming', { state: 'hidden' });
  // No clock: the time the side to move has left.
  await ana.waitForFunction(
    () => document.querySelector('[data-clock="white"]')?.textContent === '2 days left',
  );
  expect(await ana.isHidden('[data-clock="black"]')).toBe(true);
  await square(ana, 22).click();
  await ana.waitForSelector('[data-target="18"]');
  await square(ana, 18).click();
  await holds(ben2, 18, 'white man');
  await ben2.waitForFunction(
    () => document.querySelector('[data-clock="black"]')?.textContent === '2 days left',
  );
  await ben2.screenshot({ path: `${SHOTS}/correspondence-game.png` });

  // From the lobby, "my games" leads back to it, Ben's move first.
  await ben2.click('#leave');
  await ben2.waitForSelector('#lobby:not([hidden])');
  await ben2.waitForFunction(() => document.querySelector('#my-games-count')?.textContent === '1');
  await ben2.click('#my-games-open');
  const item = ben2.locator('#my-games-list button.my-turn');
  expect(await item.textContent()).toBe('vs Ana_c · Brazilian · Your move · 2 days left');
  await item.click();
  await ben2.waitForSelector('#game:not([hidden])');
  expect(await ben2.textContent('#status')).toBe('Your move');
  expect(await ben2.textContent('#moves')).toContain('22-18');
  for (const p of [ana, ben2]) await p.context().close();
});

test("a link's page sees a cancel at once; the challenger's own page sees a decline", async () => {
  const a = await open();
  await challenge(a, { name: 'Ada', variant: 'pool', time: '300000+3000' });
  const first = await a.inputValue('#friend-link');

  // B, a known player, watches the link: Ada's cancel shows there at once.
  const b = await knownGuest('Bob');
  await b.goto(first);
  await b.waitForSelector('#challenge-answer:not([hidden])');
  expect(await b.isHidden('#challenge-name-label')).toBe(true);
  expect(await term(b, 'time-control')).toBe('5+3');
  await a.click('#friend-cancel');
  await b.waitForFunction(
    () =>
      document.querySelector('#challenge-state')?.textContent ===
      'The challenger cancelled this challenge.',
    undefined,
    { timeout: 1500 },
  );
  expect(await b.isHidden('#challenge-answer')).toBe(true);

  // Ada opens her own new link: waiting, with Cancel. A visitor declines it: Ada's page says so.
  await challenge(a, { variant: 'pool', time: '300000+3000' });
  const second = await a.inputValue('#friend-link');
  await a.goto(second);
  await a.waitForSelector('#challenge-own:not([hidden])');
  expect(await a.textContent('#challenge-title')).toBe('Your challenge');
  expect(await a.textContent('#challenge-state')).toBe('Waiting for your opponent…');
  expect(await a.inputValue('#challenge-link')).toBe(second);
  expect(await a.isHidden('#challenge-answer')).toBe(true);

  const c = await open(second);
  await c.waitForSelector('#challenge-answer:not([hidden])');
  await c.selectOption('#challenge-reason', 'later');
  await c.click('#challenge-decline');
  // The name is asked first.
  expect(
    await c.evaluate(
      () => document.querySelector<HTMLInputElement>('#challenge-name')?.validity.valid,
    ),
  ).toBe(false);
  await c.fill('#challenge-name', 'Cleo');
  await c.click('#challenge-decline');
  await c.waitForSelector('#challenge-answer', { state: 'hidden' });
  await a.waitForFunction(
    () =>
      document.querySelector('#challenge-state')?.textContent ===
      'Your opponent declined your challenge. “This is not the right time for me: please ask again later.”',
  );
  expect(await a.isHidden('#challenge-own')).toBe(true);

  // A link that leads nowhere says so.
  const d = await openPage(browser, `${server.url}/challenge/00000000-0000-4000-8000-000000000000`);
  await d.waitForSelector('#challenge-page:not([hidden])');
  expect(await d.textContent('#challenge-title')).toBe('No such challenge');
  for (const p of [a, b, c, d]) await p.context().close();
});

test('the tab that made a challenge goes to its game from another game; another tab stays', async () => {
  // Ana makes a link, then plays a game from the queue in the same tab; a second tab of hers
  // shows that game too (opened at its link: the lobby's address never opens a game).
  const ana = await open();
  await challenge(ana, { name: 'Ana', variant: 'pool', time: '' });
  const link = await ana.inputValue('#friend-link');
  const bo = await open();
  await queue(ana, 'Ana', 'brazilian');
  await queue(bo, 'Bo', 'brazilian');
  await ana.waitForSelector('#game:not([hidden])');
  const other = await ana.context().newPage();
  await gotoConnected(other, ana.url());
  await other.waitForSelector('#game:not([hidden])');
  expect(await other.textContent('#top-player')).toContain('Bo');

  // Cleo accepts the link: the tab that made it goes to that game, the other stays.
  const cleo = await open(link);
  await cleo.fill('#challenge-name', 'Cleo');
  await cleo.click('#challenge-accept');
  await cleo.waitForSelector('#game:not([hidden])');
  await ana.waitForFunction(() =>
    document.querySelector('#top-player')?.textContent?.includes('Cleo'),
  );
  await other.waitForFunction(
    () => document.querySelector('#message')?.textContent === 'A new game started: open My games.',
  );
  expect(await other.textContent('#top-player')).toContain('Bo');
  expect(await ana.isHidden('#message')).toBe(true); // it was waiting for this game
  for (const p of [ana, bo, cleo]) await p.context().close();
});

test('a seek cancelled in another tab; after a cut, what was missed is read again', async () => {
  const dana = await open();
  const net = await cuttable(dana);
  await signUp(dana, 'Dana_c');
  // Another tab of Dana's: it hears her seek, and cancels it.
  const tab = await dana.context().newPage();
  await gotoConnected(tab, server.url);
  await challenge(dana, { variant: 'russian', time: '180000+2000' }, true);
  await tab.waitForSelector('#friend-waiting:not([hidden])');
  expect(await tab.textContent('#friend-waiting-text')).toContain('Your seek is in the lobby');
  await tab.click('#friend-cancel');
  await dana.waitForSelector('#friend-waiting', { state: 'hidden' });
  expect(await dana.textContent('#friend-result')).toBe('Cancelled.');
  expect(await tab.isHidden('#friend-result')).toBe(true);

  // A new seek, then Dana's connection is lost: the server withdraws the seek. Meanwhile Finn
  // challenges her and lists a seek of his: her page hears none of it...
  await challenge(dana, { variant: 'russian', time: '180000+2000' }, true);
  await dana.waitForSelector('#seeks button.seek[disabled]');
  await net.cut();
  await until(async () => (await http(server, 'GET', '/api/lobby/seeks')).body.length === 0);
  const finn = await newAccount(server, 'Finn_c');
  const sent = await http(server, 'POST', '/api/challenges', { to: 'Dana_c', days: 3 }, finn.token);
  expect(sent.status).toBe(201);
  const seek = await http(
    server,
    'POST',
    '/api/challenges',
    { public: true, variant: 'pool', clock: { initial: 300000, increment: 3000 } },
    finn.token,
  );
  expect(seek.status).toBe(201);
  await dana.waitForTimeout(300);
  expect(await dana.isVisible('#friend-waiting')).toBe(true);
  expect(await dana.isHidden('#incoming')).toBe(true);

  // ...until it reconnects: the seek's fate, Finn's challenge and the lobby's seeks, read again.
  net.mend();
  await dana.waitForSelector('#friend-waiting', { state: 'hidden', timeout: 15000 });
  expect(await dana.textContent('#friend-result')).toBe(
    'Your seek was withdrawn: the connection to the server was lost.',
  );
  const notice = dana.locator(`#incoming .notice[data-challenge="${sent.body.id}"]`);
  await notice.waitFor();
  expect(await notice.textContent()).toContain('Finn_c');
  await dana.waitForSelector(`#seeks button.seek[data-seek="${seek.body.id}"]`);
  expect(await dana.locator('#seeks button.seek').count()).toBe(1);
  for (const p of [dana, tab]) await p.context().close();
});
