/**
 * What regular players use (issue 19), in real Chromium: a takeback asked, described and
 * granted; the players' chat (never HTML), the spectators' room apart, the opponent muted; the
 * settings (board themes, piece styles, square numbers, premoves, sounds, takebacks) kept in the
 * browser for a guest, with an account and found again in another browser, a change made offline
 * sent at the next connection; and on a phone, by keyboard alone, a takeback and a chat line.
 */
import type { Browser, Page } from 'playwright-core';
import { Position, unwrap } from '../../src/rules/index.js';
import type { Server } from '../e2e/harness.js';
import {
  computerGame,
  customMatch,
  keyboardTo,
  logIn,
  openPage,
  queue,
  SHOTS,
  signUp,
  square,
  startBrowserSuite,
  stopBrowserSuite,
} from './pages.js';

let server: Server;
let browser: Browser;
beforeAll(async () => ({ server, browser } = await startBrowserSuite({ engineThreads: 1 })));
afterAll(() => stopBrowserSuite({ server, browser }));
const open = (path = ''): Promise<Page> =>
  openPage(browser, server.url + path, { consoleErrors: 'fail' });

const plies = (page: Page) => page.locator('#moves .ply').count();
const chatTexts = (page: Page) => page.locator('#chat-lines .chat-text').allTextContents();
const note = (page: Page, text: string) =>
  page.waitForFunction((t) => document.querySelector('#offer-note')?.textContent === t, text);

test('a takeback asked, described and granted; the chat: as typed, the spectators apart, a mute', async () => {
  const w = await open();
  const b = await open();
  const { body } = await customMatch(server, w, b, 'W:W21-32:B1-12');
  await b.waitForSelector('#game:not([hidden])');
  await square(w, 22).click();
  await square(w, 18).click();
  await b.waitForFunction(() => document.querySelectorAll('#moves .ply').length === 1);
  // The board's edge coordinates, by default: a-h along the bottom as White sees it, 8-1 on the
  // right; Black sees them turned round.
  expect(await w.locator('#board .coord.file').allTextContents()).toEqual([...'abcdefgh']);
  expect(await w.locator('#board .coord.rank').allTextContents()).toEqual([...'87654321']);
  expect(await b.locator('#board .coord.file').allTextContents()).toEqual([...'hgfedcba']);
  // The address is the game's own link.
  expect(new URL(w.url()).pathname).toBe(`/game/${body.id}`);
  // Nothing of Black's to take back yet; White may ask.
  expect(await b.isVisible('#takeback')).toBe(false);
  // Asked, then withdrawn by the asker: the opponent is told nothing was declined.
  await w.click('#takeback');
  await note(b, 'Your opponent asks to take back their last move.');
  await w.click('#cancel-takeback');
  await b.waitForSelector('#offer-note', { state: 'hidden' });
  expect(await b.textContent('#message')).not.toBe('Your takeback request was declined.');
  await w.waitForSelector('#takeback:not([hidden])');
  await w.click('#takeback');
  await note(w, 'You asked to take back your last move: waiting for the answer.');
  await note(b, 'Your opponent asks to take back their last move.');
  // Said at the top as news too (on a phone the buttons are below the board).
  expect(await b.textContent('#message')).toBe('Your opponent asks to take back their last move.');
  expect(await b.getAttribute('#message', 'data-tone')).toBe('info');
  await b.screenshot({ path: `${SHOTS}/takeback-asked.png` });
  // A draw offered meanwhile: both stand, each said on its own line.
  await b.click('#offer-draw');
  await b.waitForFunction(() => document.querySelectorAll('#offer-note .note-line').length === 2);
  expect(await b.locator('#offer-note .note-line').allTextContents()).toEqual([
    'You offered a draw: waiting for the answer.',
    'Your opponent asks to take back their last move.',
  ]);
  // Declined: said, and not asked again in this position.
  await b.click('#decline-takeback');
  await w.waitForFunction(
    () => document.querySelector('#message')?.textContent === 'Your takeback request was declined.',
  );
  expect(await w.isVisible('#takeback')).toBe(false);
  // A reload knows it too (the server's MatchState.takebackDeclined).
  await w.reload();
  await w.waitForSelector('#game:not([hidden])');
  await w.waitForSelector('#decline-draw:not([hidden])');
  expect(await w.isVisible('#takeback')).toBe(false);
  await w.click('#decline-draw');
  await b.waitForSelector('#offer-note', { state: 'hidden' });
  // Black answers; White, to move, asks for its move and the answer back: two plies.
  const after = unwrap(Position.fromFen('brazilian', 'W:W21-32:B1-12'));
  const reply = after.play(after.legalMoves().find((m) => m.from === 22 && m.to === 18)!);
  const [from, to] = reply.legalMoves()[0].path;
  await square(b, from).click();
  await square(b, to).click();
  await w.waitForFunction(() => document.querySelectorAll('#moves .ply').length === 2);
  await w.click('#takeback');
  await note(
    w,
    "You asked to take back your last move and your opponent's reply: waiting for the answer.",
  );
  await note(b, 'Your opponent asks to take back their last move and your answer to it.');
  await b.click('#accept-takeback');
  await w.waitForFunction(() => document.querySelectorAll('#moves .ply').length === 0);
  expect(await plies(b)).toBe(0);
  expect(await w.textContent('#status')).toBe('Your move');
  expect(await w.textContent('#message')).toBe('Two moves were taken back: one of each side.');
  expect(await w.isVisible('#offer-note')).toBe(false);
  // The same move again: the game goes on.
  await square(w, 22).click();
  await square(w, 18).click();
  await b.waitForFunction(() => document.querySelectorAll('#moves .ply').length === 1);

  // The players' chat: what is typed is what shows (markup stays text).
  const markup = '<img src=x onerror="document.title=1"> good luck & have fun';
  await w.fill('#chat-input', markup);
  await w.press('#chat-input', 'Enter');
  await b.waitForFunction(() => document.querySelectorAll('#chat-lines li').length === 1);
  expect(await chatTexts(b)).toEqual([markup]);
  expect(await b.locator('#chat-lines img').count()).toBe(0);
  expect(await w.inputValue('#chat-input')).toBe('');
  expect(await b.textContent('#chat-title')).toBe('Chat with your opponent');
  await b.fill('#chat-input', 'thanks, you too');
  await b.click('#chat-send');
  await w.waitForFunction(() => document.querySelectorAll('#chat-lines li').length === 2);

  // A spectator: the spectators' room, apart from the players'.
  const s = await open();
  await queue(s, 'Sam', 'czech');
  await s.click('#cancel');
  await s.goto(`${server.url}/game/${body.id}`);
  await s.waitForSelector('#game:not([hidden])');
  await s.waitForFunction(() => document.querySelector('#chat-title')?.textContent !== 'Chat');
  expect(await s.textContent('#chat-title')).toBe("Spectators' chat");
  expect(await s.isVisible('#chat-mute')).toBe(false);
  expect(await chatTexts(s)).toEqual([]);
  await s.fill('#chat-input', 'nice opening');
  await s.press('#chat-input', 'Enter');
  await s.waitForFunction(() => document.querySelectorAll('#chat-lines li').length === 1);
  // 140 characters as people count them: 141 emoji are cut to 140, and the line is taken.
  await s.fill('#chat-input', '😀'.repeat(141));
  expect([...(await s.inputValue('#chat-input'))]).toHaveLength(140);
  await s.press('#chat-input', 'Enter');
  await s.waitForFunction(() => document.querySelectorAll('#chat-lines li').length === 2);
  // A visitor who came by the link and never gave a name: asked for one with its first line.
  const v = await open(`/game/${body.id}`);
  await v.waitForSelector('#chat-name:not([hidden])');
  await v.fill('#chat-input', 'hello all');
  await v.press('#chat-input', 'Enter');
  expect(
    await v.evaluate(
      () => (document.querySelector('#chat-name') as HTMLInputElement).validationMessage,
    ),
  ).toBe('Your name is empty: type at least one letter or digit.');
  expect(await v.inputValue('#chat-input')).toBe('hello all');
  await v.fill('#chat-name', 'Visitor');
  await v.press('#chat-input', 'Enter');
  await s.waitForFunction(() => document.querySelectorAll('#chat-lines li').length === 3);
  expect(await s.locator('#chat-lines .chat-name').last().textContent()).toBe('Visitor');
  await v.waitForSelector('#chat-name', { state: 'hidden' });
  await v.context().close();
  await w.waitForTimeout(300);
  expect(await chatTexts(w)).toEqual([markup, 'thanks, you too']);

  // Muted: the opponent's lines hidden, mine still shown; unmuted, back.
  await b.check('#chat-mute');
  await w.fill('#chat-input', 'still there?');
  await w.press('#chat-input', 'Enter');
  await w.waitForFunction(() => document.querySelectorAll('#chat-lines li').length === 3);
  await b.waitForTimeout(300);
  expect(await chatTexts(b)).toEqual(['thanks, you too']);
  expect(await b.textContent('#chat-note')).toBe("Your opponent's messages are hidden.");
  await b.screenshot({ path: `${SHOTS}/game-chat.png` });
  await b.uncheck('#chat-mute');
  expect(await chatTexts(b)).toEqual([markup, 'thanks, you too', 'still there?']);
  // The chat is kept: a reload reads it again.
  await b.reload();
  await b.waitForFunction(() => document.querySelectorAll('#chat-lines li').length === 3);
  // Back: the lobby (the game goes on); Forward: the game again, at its own address.
  await w.goBack();
  await w.waitForSelector('#lobby:not([hidden])');
  expect(new URL(w.url()).pathname).toBe('/');
  await w.goForward();
  await w.waitForSelector('#game:not([hidden])');
  expect(new URL(w.url()).pathname).toBe(`/game/${body.id}`);
  for (const p of [w, b, s]) await p.context().close();
});

test('settings: board themes, piece styles, square numbers; kept with the account, found again elsewhere', async () => {
  const p = await open();
  await queue(p, 'Setter', 'czech');
  await p.click('#cancel');
  // A guest's settings are kept in this browser: a reload finds them.
  await p.click('#settings-open');
  await p.selectOption('#set-boardTheme', 'blue');
  await p.selectOption('#set-pieceStyle', 'outline');
  await p.click('#settings-close');
  await p.reload();
  await p.waitForSelector('#lobby:not([hidden])');
  expect(await p.getAttribute('body', 'data-board')).toBe('blue');
  expect(await p.getAttribute('body', 'data-pieces')).toBe('outline');
  await signUp(p, 'setter_1');
  const darkFill = (page: Page) =>
    page.evaluate(
      () => getComputedStyle(document.querySelector('#settings-preview .sq.dark')!).fill,
    );
  await p.click('#settings-open');
  expect(await p.textContent('#settings-kept')).toBe(
    'Kept with your account: they follow you to other browsers.',
  );
  // The guest's choices came with it into the account.
  expect(await p.inputValue('#set-boardTheme')).toBe('blue');
  await p.selectOption('#set-boardTheme', 'wood');
  const wood = await darkFill(p);
  for (const theme of ['green', 'blue', 'grey']) {
    await p.selectOption('#set-boardTheme', theme);
    expect(await p.getAttribute('body', 'data-board')).toBe(theme);
    expect(await darkFill(p)).not.toBe(wood);
  }
  await p.selectOption('#set-boardTheme', 'green');
  await p.selectOption('#set-pieceStyle', 'classic');
  expect(
    await p.evaluate(
      () => getComputedStyle(document.querySelector('#settings-preview .ring')!).display,
    ),
  ).not.toBe('none');
  await p.check('#set-squareNumbers');
  await p.uncheck('#set-coordinates');
  await p.uncheck('#set-takebacks');
  await p.uncheck('#set-premoves');
  await p.uncheck('#set-sounds');
  await p.selectOption('#set-language', 'nl');
  // Dutch's words fetched, then the page in Dutch.
  await p.waitForFunction(() => document.documentElement.lang === 'nl');
  expect(await p.textContent('#settings-title')).toBe('Instellingen');
  await p.screenshot({ path: `${SHOTS}/settings.png` });
  await p.click('#settings-close');
  expect(await p.textContent('#sounds')).toBe('Geluid: uit');
  expect(await p.isChecked('#premoves')).toBe(false);
  await p.waitForFunction(async () => {
    const r = await fetch('/api/players/me/settings');
    const s = (await r.json()) as { takebacks: boolean; language: string; premoves: boolean };
    return s.takebacks === false && s.language === 'nl' && s.premoves === false;
  });

  // Another browser, logged in as the same account: the same settings.
  const q = await open();
  await logIn(q, 'setter_1');
  await q.waitForFunction(() => document.body.dataset.board === 'green');
  expect(await q.getAttribute('body', 'data-pieces')).toBe('classic');
  await q.waitForFunction(() => document.documentElement.lang === 'nl');
  expect(await q.isChecked('#numbers')).toBe(true);
  expect(await q.isChecked('#premoves')).toBe(false);
  expect(await q.textContent('#sounds')).toBe('Geluid: uit');
  // Back to the browser's language (English here), from the settings.
  await q.click('#settings-open');
  await q.selectOption('#set-language', '');
  await q.waitForFunction(() => document.documentElement.lang === 'en');
  await q.click('#settings-close');
  // Takebacks switched off: a game against the computer offers none.
  await computerGame(q, null);
  await square(q, 22).click();
  await square(q, 18).click();
  await q.waitForFunction(() => document.querySelectorAll('#moves .ply').length === 2);
  expect(await q.isVisible('#takeback')).toBe(false);
  // Square numbers on, the edge coordinates off (as set in the other browser).
  expect(await q.locator('#board .num').count()).toBe(32);
  expect(await q.locator('#board .coord').count()).toBe(0);
  await q.screenshot({ path: `${SHOTS}/game-green-classic.png` });

  // A change made offline is not lost: the next connection sends it before reading the
  // account's settings back (a third browser: its refused requests log console errors).
  const r = await openPage(browser, server.url);
  await logIn(r, 'setter_1');
  await r.waitForFunction(() => document.body.dataset.board === 'green');
  await r.context().setOffline(true);
  await r.click('#settings-open');
  await r.selectOption('#set-boardTheme', 'grey');
  await r.click('#settings-close');
  await r.context().setOffline(false);
  await r.reload();
  await r.waitForSelector('#logout:not([hidden])');
  await r.waitForFunction(async () => {
    const s = (await (await fetch('/api/players/me/settings')).json()) as { boardTheme: string };
    return s.boardTheme === 'grey';
  });
  expect(await r.getAttribute('body', 'data-board')).toBe('grey');
  for (const page of [p, q, r]) await page.context().close();
});

test('on a phone, by keyboard alone: a takeback asked and a chat line; no sideways scroll', async () => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  await page.goto(server.url);
  const other = await open();
  await customMatch(server, page, other, 'W:W21-32:B1-12');
  await other.waitForSelector('#game:not([hidden])');
  // A move by keyboard: Tab to the board, arrows to a square, Enter (as the first-timers' test).
  await keyboardTo(page, 22);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-target="18"]');
  await keyboardTo(page, 18);
  await page.keyboard.press('Enter');
  await other.waitForFunction(() => document.querySelectorAll('#moves .ply').length === 1);
  // Tab to "Ask to take back" (the game's buttons come first), Enter; the opponent accepts.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.id === 'takeback')) break;
  }
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('takeback');
  await page.keyboard.press('Enter');
  await other.click('#accept-takeback');
  await page.waitForFunction(() => document.querySelectorAll('#moves .ply').length === 0);
  // A long line in the chat (no spaces), typed and sent from the keyboard.
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.id === 'chat-input')) break;
  }
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('chat-input');
  await page.keyboard.type('x'.repeat(140));
  await page.keyboard.press('Enter');
  await other.waitForFunction(() => document.querySelectorAll('#chat-lines li').length === 1);
  await page.waitForFunction(() => document.querySelectorAll('#chat-lines li').length === 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.locator('#chat').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/phone-takeback-chat.png` });
  await context.close();
  await other.context().close();
});
