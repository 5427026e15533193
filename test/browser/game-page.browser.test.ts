/**
 * What first-time players tripped on (issue 19), in real Chromium: the newest move always in
 * view, the connection lost said at once, a claim that counts down, long names on a phone, offers
 * described and a rematch declined, resigning asked first, messages over the board, numbers over
 * pieces with the last move and a capture path shown, an empty name refused, a move made with
 * the keyboard alone, the low-time warning, and a game left then returned to from the lobby.
 */
import type { Browser, Page } from 'playwright-core';
import { Position, unwrap } from '../../src/rules/index.js';
import { http, playedGame, type Server } from '../e2e/harness.js';
import {
  computerGame,
  cuttable,
  keyboardTo,
  customMatch,
  launchChromium,
  openPage,
  replyKeeping,
  playerId,
  SHOTS,
  shownGame,
  square,
  startBrowserSuite,
  stopBrowserSuite,
} from './pages.js';

let server: Server;
let browser: Browser;
beforeAll(
  async () =>
    ({ server, browser } = await startBrowserSuite({ engineThreads: 1, disconnectGraceMs: 4000 })),
);
afterAll(() => stopBrowserSuite({ server, browser }));
const open = (path = ''): Promise<Page> =>
  openPage(browser, server.url + path, { consoleErrors: 'fail' });

test('a 69-ply game: the newest move is in view, and the list scrolls to a ply stepped to', async () => {
  // International: its first-legal-move game lasts 94 plies, so 69 are played and it is resigned.
  const { id, texts } = await playedGame(server, 'international', 69);
  expect(texts).toHaveLength(69);
  const page = await open(`/game/${id}`);
  await page.waitForSelector('#game:not([hidden])');
  const inView = (ply: number) =>
    page.evaluate((p) => {
      const list = document.querySelector('#moves')!.getBoundingClientRect();
      const b = document.querySelector(`#moves [data-ply="${p}"]`)!.getBoundingClientRect();
      return b.top >= list.top - 1 && b.bottom <= list.bottom + 1 && b.right <= list.right + 1;
    }, ply);
  expect(await inView(texts.length)).toBe(true);
  expect(await inView(1)).toBe(false);
  await page.keyboard.press('Home');
  expect(await inView(1)).toBe(true);
});

test('the connection lost: said at once, input inert, and said when it is back', async () => {
  const page = await open();
  const cut = await cuttable(page);
  await computerGame(page, 'Nadia');
  await cut.cut();
  await page.waitForSelector('#connection:not([hidden])');
  expect(await page.textContent('#connection')).toBe('Connection lost: reconnecting…');
  await page.screenshot({ path: `${SHOTS}/connection-lost.png` });
  expect(await page.evaluate(() => (document.querySelector('#board') as HTMLElement).inert)).toBe(
    true,
  );
  cut.mend();
  await page.waitForFunction(
    () => document.querySelector('#connection')?.textContent === 'Connected again.',
  );
  expect(await page.evaluate(() => (document.querySelector('#board') as HTMLElement).inert)).toBe(
    false,
  );
  // And it plays again.
  await square(page, 22).click();
  await page.waitForSelector('[data-target="18"]');
});

test('offers described, a rematch declined, resign asked first, a claim counting down', async () => {
  const w = await open();
  const b = await open();
  await customMatch(server, w, b, 'W:W21-32:B1-12');
  await b.waitForSelector('#game:not([hidden])');
  // A draw offer, described on both sides.
  await w.click('#offer-draw');
  await w.waitForFunction(() =>
    document.querySelector('#offer-note')?.textContent?.startsWith('You offered a draw'),
  );
  await b.waitForFunction(
    () => document.querySelector('#offer-note')?.textContent === 'Your opponent offers a draw.',
  );
  await b.click('#decline-draw');
  await w.waitForSelector('#offer-note', { state: 'hidden' });
  // An error message (another's piece) does not move the board.
  const before = await w.locator('#board').boundingBox();
  await square(w, 9).click();
  await w.waitForSelector('#message:not([hidden])');
  expect(await w.locator('#board').boundingBox()).toEqual(before);
  // Nor does it block what is under it: a point of the message hits the page below.
  const box = await w.locator('#message').boundingBox();
  if (!box) throw new Error('no message box');
  const hitsMessage = await w.evaluate(
    ([x, y]) => Boolean(document.elementFromPoint(x, y)?.closest('#message')),
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(hitsMessage).toBe(false);
  expect(await w.getAttribute('#message', 'role')).toBe('alert');
  // Resign asks first; "No" keeps the game.
  await w.click('#resign');
  expect(await w.isVisible('#resign-ask')).toBe(true);
  await w.screenshot({ path: `${SHOTS}/resign-ask.png` });
  await w.click('#resign-cancel');
  expect(await w.isVisible('#resign')).toBe(true);
  expect(await w.textContent('#status')).toBe('Your move');
  // The opponent leaves: the claim counts down, then may be made.
  await b.close();
  await w.waitForSelector('#claim:not([hidden])');
  expect(await w.isDisabled('#claim')).toBe(true);
  expect(await w.textContent('#claim')).toMatch(/^Claim the win \(in \d s\)$/);
  await w.screenshot({ path: `${SHOTS}/claim-countdown.png` });
  await w.waitForFunction(() => !(document.querySelector('#claim') as HTMLButtonElement).disabled, {
    timeout: 10_000,
  });
  expect(await w.textContent('#claim')).toBe('Claim the win');
  await w.click('#claim');
  await w.waitForFunction(() =>
    document.querySelector('#banner')?.textContent?.includes('left the game: White wins.'),
  );
});

test('a rematch offered is described; the other declines it', async () => {
  const w = await open();
  const b = await open();
  await customMatch(server, w, b, 'W:W21-32:B1-12');
  await b.waitForSelector('#game:not([hidden])');
  await w.click('#resign');
  await w.click('#resign-confirm');
  await b.waitForSelector('#rematch:not([hidden])');
  expect(await b.textContent('#banner')).toBe('White resigned: Black wins. Well played!');
  await w.click('#rematch');
  await w.waitForFunction(
    () =>
      document.querySelector('#offer-note')?.textContent ===
      'You offered a rematch: waiting for the answer.',
  );
  await b.waitForSelector('#decline-rematch:not([hidden])');
  expect(await b.textContent('#offer-note')).toBe('Your opponent offers a rematch.');
  await b.click('#decline-rematch');
  await w.waitForFunction(
    () => document.querySelector('#message')?.textContent === 'Your rematch offer was declined.',
  );
  expect(await b.isHidden('#accept-rematch')).toBe(true);
  // Offered again and accepted: the old game's page leads to the new one (v1.10 rematchId).
  const oldId = await shownGame(w);
  await w.click('#rematch');
  await b.waitForSelector('#accept-rematch:not([hidden])');
  await b.click('#accept-rematch');
  await w.waitForFunction((id) => !location.pathname.endsWith(`/${id}`), oldId);
  const newId = await shownGame(w);
  await w.goto(`${server.url}/game/${oldId}`);
  await w.waitForSelector('#to-rematch:not([hidden])');
  expect(await w.isHidden('#rematch')).toBe(true);
  await w.click('#to-rematch');
  await w.waitForFunction((id) => location.pathname === `/game/${id}`, newId);
  expect(await w.textContent('#status')).not.toBe('Game over');
});

test('numbers over pieces, the last move marked, a capture path previewed', async () => {
  const w = await open();
  const b = await open();
  await customMatch(server, w, b, 'W:WK1:B6,14,18,26');
  await w.check('#numbers');
  // The numbers are drawn after the pieces (over them).
  expect(
    await w.evaluate(() => {
      const kids = [...document.querySelector('#board')!.children];
      const pieces = kids.findIndex((g) => g.querySelector('.piece'));
      const numbers = kids.findIndex((g) => g.querySelector('.num'));
      return numbers > pieces;
    }),
  ).toBe(true);
  await square(w, 1).click();
  await square(w, 31).click();
  await w.waitForSelector('#paths:not([hidden])');
  await w.locator('#paths button').first().hover();
  expect(await w.locator('#board .preview .preview-stop').count()).toBeGreaterThan(2);
  await w.screenshot({ path: `${SHOTS}/capture-path-preview.png` });
  await w.locator('#paths button').first().click();
  await b.waitForSelector('#board .last-move');
  expect(await b.locator('#board .last-move').count()).toBeGreaterThan(1);
});

test('a name of spaces is no name: the guest plays as Anonymous; keyboard only: Tab to the board, arrows, Enter', async () => {
  const page = await open();
  await page.fill('#name', '   ');
  await computerGame(page, null);
  expect(await page.textContent('#bottom-player')).toContain('Anonymous');
  // From the page's start: Tab until a square has the focus.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  let tabs = 0;
  const passed: string[] = [];
  while (tabs < 40) {
    await page.keyboard.press('Tab');
    tabs++;
    if (await page.evaluate(() => document.activeElement?.hasAttribute('data-square'))) break;
    passed.push(await page.evaluate(() => document.activeElement?.id ?? ''));
  }
  expect(tabs).toBeLessThan(25);
  // The game's buttons come before the board.
  expect(passed).toContain('resign');
  // Arrows to square 22, Enter; then up-left to 18, Enter: the move 22-18.
  await keyboardTo(page, 22);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-target="18"]');
  await keyboardTo(page, 18);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves [data-ply]').length >= 1);
  expect(await page.textContent('#moves [data-ply="1"]')).toBe('22-18');
});

test('low time: the clock turns red (an 8 s game: under 0.8 s) and its player hears it', async () => {
  const w = await open();
  const b = await open();
  await customMatch(server, w, b, 'W:W21-32:B1-12');
  // A new game between them with 8 s each.
  // Two men each, far apart: no capture comes up in the first moves.
  const made = await http(server, 'POST', '/api/test/matches', {
    variant: 'brazilian',
    fen: 'W:W29,30:B3,4',
    whiteId: await playerId(w),
    blackId: await playerId(b),
    clock: { initial: 8000, increment: 0 },
  });
  expect(made.status).toBe(201);
  await w.goto(`${server.url}/game/${made.body.id}`);
  await b.goto(`${server.url}/game/${made.body.id}`);
  // The clocks start once each side has moved: White, Black, then White again starts Black's.
  const anyMove = async (page: Page, from: number, ply: number): Promise<number> => {
    await square(page, from).click();
    const to = Number(await page.locator('[data-target]').first().getAttribute('data-target'));
    await square(page, to).click();
    await page.waitForSelector(`#moves [data-ply="${ply}"]`);
    return to;
  };
  // Every sound each page makes, in order: the flag's 'end' may follow the warning within 0.8 s,
  // sooner than a busy machine lets the test read <body data-sound> between the two.
  const heard = (page: Page) =>
    page.evaluate(() => {
      const log: string[] = [];
      (window as unknown as { sounds: string[] }).sounds = log;
      new MutationObserver(() => log.push(document.body.dataset.sound ?? '')).observe(
        document.body,
        { attributeFilter: ['data-sound'] },
      );
    });
  await heard(w);
  await heard(b);
  const sounds = (page: Page) =>
    page.evaluate(() => (window as unknown as { sounds: string[] }).sounds);
  const moved = await anyMove(w, 30, 1);
  await anyMove(b, 3, 2);
  await anyMove(w, moved, 3);
  await b.waitForSelector('[data-clock="black"].running.low');
  await b.waitForFunction(() =>
    (window as unknown as { sounds: string[] }).sounds.includes('low-time'),
  );
  // The other player's clock is not low, and it heard no warning of its own.
  expect(await w.locator('[data-clock="white"].low').count()).toBe(0);
  expect(await sounds(w)).not.toContain('low-time');
  // The flag falls: said as a sentence on both sides.
  await b.waitForFunction(
    () => document.querySelector('#banner')?.textContent === 'Black ran out of time: White wins.',
    undefined,
    { timeout: 15_000 },
  );
  await w.waitForFunction(
    () =>
      document.querySelector('#banner')?.textContent ===
      'Black ran out of time: White wins. Well played!',
  );
});

test('a long name on a phone: no sideways scroll; a game left is listed in the lobby', async () => {
  const phoneBrowser = await launchChromium();
  try {
    await phoneGame(phoneBrowser);
  } finally {
    await phoneBrowser.close();
  }
});

async function phoneGame(phoneBrowser: Browser): Promise<void> {
  const phone = await phoneBrowser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await page.goto(server.url);
  await computerGame(page, 'Abcdefghijklmnopqrstuvwxyz012345');
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await width()).toBeLessThanOrEqual(390);
  await page.click('#leave');
  await page.waitForSelector('#lobby-games:not([hidden])');
  expect(await page.textContent('#message')).toContain('Your game goes on');
  expect(await width()).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/phone-lobby-your-games.png` });
  await page.click('#lobby-games-list a');
  await page.waitForSelector('#game:not([hidden])');
  expect(await page.textContent('#bottom-player')).toContain('Abcdefghij');
  expect(await width()).toBeLessThanOrEqual(390);
  // The name is cut with an ellipsis where it does not fit (its whole text stays for readers).
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#bottom-player *')].some(
      (el) =>
        getComputedStyle(el).textOverflow === 'ellipsis' &&
        el.scrollWidth > el.clientWidth &&
        el.textContent?.includes('Abcdefghijklmnopqrstuvwxyz012345'),
    ),
  );
  expect(cut).toBe(true);
}

test('sounds: the start, a move, the end; the switch mutes them (kept in this browser)', async () => {
  const page = await open();
  await computerGame(page, 'Sol');
  const heard = () => page.evaluate(() => document.body.dataset.sound ?? null);
  expect(await heard()).toBe('start');
  await square(page, 22).click();
  await square(page, 18).click();
  await page.waitForFunction(() => document.querySelectorAll('#moves [data-ply]').length >= 2);
  expect(['move', 'capture']).toContain(await heard());
  await page.click('#resign');
  await page.click('#resign-confirm');
  await page.waitForSelector('#banner:not([hidden])');
  expect(await heard()).toBe('end');
  // Muted: nothing more is heard, a new game's start included; a reload keeps the choice.
  await page.click('#sounds');
  expect(await page.getAttribute('#sounds', 'aria-pressed')).toBe('false');
  await page.evaluate(() => delete document.body.dataset.sound);
  await page.click('#leave');
  await page.waitForSelector('#lobby:not([hidden])');
  await computerGame(page, null);
  await square(page, 22).click();
  await square(page, 18).click();
  await page.waitForFunction(() => document.querySelectorAll('#moves [data-ply]').length >= 2);
  expect(await heard()).toBeNull();
  await page.reload();
  expect(await page.textContent('#sounds')).toBe('Sound: off');
});

test('premoves: queued while the opponent thinks, played the instant the turn comes; a click cancels; a setting', async () => {
  const w = await open();
  const b = await open();
  await customMatch(server, w, b, 'W:W21-32:B1-12');
  await b.waitForSelector('#game:not([hidden])');
  let pos = Position.initial('brazilian');
  const move = async (page: Page, from: number, to: number) => {
    await square(page, from).click();
    await page.waitForSelector(`[data-target="${to}"]`);
    await square(page, to).click();
    pos = pos.play(unwrap(pos.findMove({ from, to })));
  };
  await move(w, 22, 18);
  await w.waitForFunction(
    () => document.querySelector('#status')?.textContent === "Opponent's move",
  );
  // White queues 21-17 while Black thinks: marked on the board.
  await square(w, 21).click();
  await w.waitForSelector('[data-target="17"]');
  await square(w, 17).click();
  expect(await w.locator('#board [data-premove]').count()).toBe(2);
  // Black answers with a move after which 21-17 is still legal: White's premove goes at once.
  const reply = replyKeeping(pos, 21, 17);
  await move(b, reply.from, reply.to);
  await w.waitForFunction(
    () => document.querySelector('#moves [data-ply="3"]')?.textContent === '21-17',
  );
  expect(await w.locator('#board [data-premove]').count()).toBe(0);
  await b.waitForFunction(() => document.querySelector('#status')?.textContent === 'Your move');
  // Queued again, then a click anywhere cancels it.
  await square(w, 18).click();
  const target = await w.getAttribute('[data-target]', 'data-target');
  await square(w, Number(target)).click();
  expect(await w.locator('#board [data-premove]').count()).toBe(2);
  await square(w, 30).click();
  expect(await w.locator('#board [data-premove]').count()).toBe(0);
  expect(await w.textContent('#message')).toBe('Premove cancelled.');
  // News, not a complaint: a screen reader hears it at a pause.
  expect(await w.getAttribute('#message', 'role')).toBe('status');
  // A click off the board cancels it too (here on the game's status line).
  await square(w, 18).click();
  await square(w, Number(target)).click();
  expect(await w.locator('#board [data-premove]').count()).toBe(2);
  await w.click('#status');
  expect(await w.locator('#board [data-premove]').count()).toBe(0);
  // Switched off: the opponent's turn is said, nothing is queued.
  await w.uncheck('#premoves');
  await square(w, 17).click();
  expect(await w.textContent('#message')).toBe("It is your opponent's turn.");
  expect(await w.locator('[data-target]').count()).toBe(0);
});
