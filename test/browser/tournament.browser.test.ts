/**
 * An arena in real Chromium: a person (an account signed up in the browser) opens the page of an
 * arena that starts in a few seconds, sees it count down, joins, and is paired with a bot (a
 * socket.io client here, joined by REST with its token) when it starts: the page goes to the
 * game, the person moves, the bot resigns; the next game starts by itself (the person berserks
 * before moving this time), the bot pauses and resigns. A spectator's page of the arena (another
 * account) follows the person's score live, 2 then 4; the person's game leads back to the arena,
 * whose standings say 4, `2 2`, on fire. And the list (/tournaments) and the form that makes a
 * private arena (/tournament/new), reached from the header; and a visitor's pages of standings.
 */
import type { Browser, Page } from 'playwright-core';
import { en } from '../../client/src/lib/i18n/en.js';
import type { MatchState } from '../../src/common/protocol.js';
import { Position, unwrap, type Move } from '../../src/rules/index.js';
import {
  connect,
  expectOk,
  http,
  newAccount,
  newPlayer,
  type Client,
  type Player,
  type Server,
} from '../e2e/harness.js';
import {
  gotoConnected,
  openPage,
  playerId,
  SHOTS,
  shownGame,
  signUp,
  square,
  startBrowserSuite,
  stopBrowserSuite,
} from './pages.js';

let server: Server;
let browser: Browser;
// Pairing waves every 300 ms (2 s on a real server); no hourly arenas of the server's own.
beforeAll(
  async () =>
    ({ server, browser } = await startBrowserSuite({
      tournamentTickMs: 300,
      arenaSchedule: false,
    })),
);
afterAll(() => stopBrowserSuite({ server, browser }));

const WRONG_PASSWORD = en.refusal.WRONG_PASSWORD;

const open = (path: string): Promise<Page> =>
  openPage(browser, `${server.url}${path}`, { consoleErrors: 'fail' });

/** The standings line of `player` on a page: its score, sheet, flame. */
const line = (page: Page, player: string) => ({
  score: () => page.textContent(`#tour-rows tr[data-player="${player}"] .points`),
  sheet: () => page.textContent(`#tour-rows tr[data-player="${player}"] .sheet`),
  waitScore: (score: number) =>
    page.waitForSelector(`#tour-rows tr[data-player="${player}"] .points:text-is("${score}")`, {
      timeout: 20_000,
    }),
});

/** The bot's next game of the arena: joined (its moves heard), its colour. */
async function nextGame(bot: Client, botId: string, arena: string, not: string[]) {
  const start: MatchState = await bot.next(
    'match:start',
    (m) => m.tournamentId === arena && !not.includes(m.id),
    30_000,
  );
  expectOk(await bot.emit('match:join', { matchId: start.id }));
  return { start, color: start.white.id === botId ? ('white' as const) : ('black' as const) };
}

/** The person's move on the page (the first legal one from `fen`), clicked square by square. */
async function clickMove(page: Page, fen: string): Promise<Move> {
  const move = unwrap(Position.fromFen('brazilian', fen)).legalMoves()[0];
  await page.waitForSelector('#status:text-is("Your move")');
  await square(page, move.path[0]).click();
  await page.waitForSelector(`[data-target="${move.to}"]`);
  await square(page, move.to).click();
  return move;
}

/**
 * One game from the bot's side: it moves first if White, waits for the person's move, then
 * (`before`, e.g. pausing) resigns. The person's page plays its move meanwhile (`personMoves`).
 */
async function botGame(
  bot: Client,
  game: { start: MatchState; color: 'white' | 'black' },
  personMoves: (fen: string) => Promise<unknown>,
  before: () => Promise<unknown> = async () => undefined,
): Promise<void> {
  const { start, color } = game;
  let fen = start.fen;
  if (color === 'white') {
    const m = unwrap(Position.fromFen('brazilian', fen)).legalMoves()[0];
    fen = expectOk(await bot.emit('match:move', { matchId: start.id, path: m.path, ply: 0 })).move
      .fen;
  }
  const heard = bot.next('match:move', (e) => e.matchId === start.id && e.by !== color, 20_000);
  await personMoves(fen);
  await heard;
  await before();
  expectOk(await bot.emit('match:resign', { matchId: start.id }));
  await bot.next('match:end', (e) => e.matchId === start.id);
}

test('join an arena, be sent to each game, and see the score go 2 then 4 with the sheet `2 2`', async () => {
  const owner = await newAccount(server, 'Olga_ar');
  const botAccount: Player = await newAccount(server, 'Robo_ar');

  // The person: an account of the browser's, on the arena's page before it starts.
  const person = await open('/');
  await person.waitForSelector('#lobby:not([hidden])');
  await signUp(person, 'Tina_ar');
  const personId = await playerId(person);
  // The arena: made by its owner, starting in a few seconds.
  const made = await http(
    server,
    'POST',
    '/api/tournament',
    {
      name: 'Browser Arena',
      variant: 'brazilian',
      clock: { initial: 180_000, increment: 2000 },
      minutes: 30,
      startsAt: new Date(Date.now() + 8000).toISOString(),
      rated: false,
    },
    owner.token,
  );
  expect(made.status).toBe(201);
  const arena = made.body.id as string;
  await gotoConnected(person, `${server.url}/tournament/${arena}`);
  await person.waitForSelector('#tour-name:text-is("Browser Arena")');
  expect(await person.textContent('#tour-terms')).toBe('Arena · Brazilian · 3+2 · casual · 30 min');
  expect(await person.textContent('#tour-countdown')).toMatch(/^Starts in 0:0\d$/);
  expect(await person.isVisible('#tour-empty')).toBe(true);
  await person.click('#tour-join');
  await person.waitForSelector('#tour-withdraw:not([hidden])');
  expect(await person.textContent('#tour-me')).toContain('You are in');
  await person.waitForSelector(`#tour-rows tr[data-player="${personId}"].me`);

  // A spectator (another account) on the same page, its standings live.
  const spectator = await open('/');
  await spectator.waitForSelector('#lobby:not([hidden])');
  await signUp(spectator, 'Sam_ar');
  await gotoConnected(spectator, `${server.url}/tournament/${arena}`);
  await spectator.waitForSelector(`#tour-rows tr[data-player="${personId}"]`);

  // The bot joins by REST, listening on its socket.
  const bot = await connect(server, botAccount.token);
  try {
    expect(
      (await http(server, 'POST', `/api/tournament/${arena}/join`, {}, botAccount.token)).status,
    ).toBe(200);
    await spectator.waitForSelector(`#tour-rows tr[data-player="${botAccount.id}"]`);

    // The start: the person's page goes to the game by itself.
    const g1 = await nextGame(bot, botAccount.id, arena, []);
    await person.waitForSelector('#game:not([hidden])', { timeout: 20_000 });
    await person.waitForFunction((id) => location.pathname === `/game/${id}`, g1.start.id);
    expect(await person.textContent('#game-terms')).toBe('Brazilian · 3+2 · casual');
    await spectator.waitForSelector('#tour-status:text-is("Playing now")');
    expect(await spectator.textContent('#tour-countdown')).toMatch(/^Ends in (30:00|29:\d\d)$/);
    await botGame(bot, g1, async (fen) => {
      // Berserk is offered before the first move (not taken this time).
      await person.waitForSelector('#berserk:not([hidden])');
      await clickMove(person, fen);
      await person.waitForSelector('#berserk', { state: 'hidden' });
    });
    await person.waitForSelector('#banner:not([hidden])');
    await line(spectator, personId).waitScore(2);
    expect(await line(spectator, personId).sheet()).toBe('2');
    // The loser's line too (not among the deltas: its score did not change).
    await spectator.waitForSelector(
      `#tour-rows tr[data-player="${botAccount.id}"] .sheet[data-sheet="0"]`,
    );

    // The next game starts by itself: the person's page goes to it; berserk this time.
    const g2 = await nextGame(bot, botAccount.id, arena, [g1.start.id]);
    await person.waitForFunction((id) => location.pathname === `/game/${id}`, g2.start.id);
    expect(await shownGame(person)).toBe(g2.start.id);
    await botGame(
      bot,
      g2,
      async (fen) => {
        await person.click('#berserk');
        await person.waitForSelector('#bottom-player .berserk-mark');
        await clickMove(person, fen);
      },
      // Not paired again: the person stays on the game's end.
      () => http(server, 'POST', `/api/tournament/${arena}/pause`, {}, botAccount.token),
    );
    await line(spectator, personId).waitScore(4);
    expect(await line(spectator, personId).sheet()).toBe('2 2');
    expect(await spectator.isVisible(`#tour-rows tr[data-player="${personId}"] .flame`)).toBe(true);
    expect(await spectator.textContent('#tour-rows tr:first-child .rank')).toBe('1');
    expect(await spectator.getAttribute('#tour-rows tr:first-child', 'data-player')).toBe(personId);
    await spectator.screenshot({ path: `${SHOTS}/tournament.png` });

    // The game over: back to the arena, where the person's line says 4, `2 2`, on fire.
    await person.waitForSelector('#to-tournament:not([hidden])');
    await person.screenshot({ path: `${SHOTS}/tournament-game.png` });
    await person.click('#to-tournament');
    await person.waitForSelector('#tournament:not([hidden])');
    expect(new URL(person.url()).pathname).toBe(`/tournament/${arena}`);
    await line(person, personId).waitScore(4);
    expect(await line(person, personId).sheet()).toBe('2 2');
    expect(await person.isVisible(`#tour-rows tr[data-player="${personId}"].me .flame`)).toBe(true);
  } finally {
    bot.close();
  }
});

test('the list and the form: from the header, a guest is asked to sign up, an account creates a private arena (the server’s refusal said first) and joins it with its password', async () => {
  for (const path of ['/tournaments', '/tournament/new']) {
    const r = await http(server, 'GET', path);
    expect({ path, status: r.status }).toEqual({ path, status: 200 });
  }
  // Not `consoleErrors: 'fail'`: the refused form's 400 is logged by Chromium.
  const page = await openPage(browser, `${server.url}/`);
  await page.waitForSelector('#lobby:not([hidden])');
  await page.click('#tournaments-nav');
  await page.waitForSelector('#tournaments:not([hidden])');
  expect(new URL(page.url()).pathname).toBe('/tournaments');
  expect(await page.getAttribute('#tournaments-nav', 'aria-current')).toBe('page');
  // The first test's arena plays on: listed with its countdown to the end.
  const playing = page.locator('#tours-playing li', { hasText: 'Browser Arena' });
  await playing.waitFor();
  await page.waitForFunction(() =>
    /Ends in \d+:\d\d/.test(document.querySelector('#tours-playing li')?.textContent ?? ''),
  );
  expect(await page.isVisible('#tours-upcoming-none')).toBe(true);
  expect(await page.isVisible('#tours-create')).toBe(false);
  expect(await page.isVisible('#tours-create-hint')).toBe(true);

  await signUp(page, 'Nora_ar');
  await page.waitForSelector('#tours-create:not([hidden])');
  await page.click('#tours-create');
  await page.waitForSelector('#new-tournament:not([hidden])');
  await page.fill('#nt-name', 'Evening Arena');
  await page.selectOption('#nt-variant', 'russian');
  await page.selectOption('#nt-clock', '10+0');
  await page.fill('#nt-minutes', '20');
  await page.click('#nt-submit');
  // Two games of 10+0 take longer than 20 minutes: refused, in the server's words.
  await page.waitForSelector('#nt-error:not([hidden])');
  expect(await page.textContent('#nt-error')).toContain('too short for 2 games');
  expect(new URL(page.url()).pathname).toBe('/tournament/new');

  await page.fill('#nt-minutes', '60');
  await page.fill('#nt-password', 'secret');
  await page.click('#nt-submit');
  await page.waitForSelector('#tour-name:text-is("Evening Arena")');
  expect(await page.textContent('#tour-terms')).toBe(
    'Arena · Russian · 10+0 · rated · 60 min · private',
  );
  expect(await page.textContent('#tour-status')).toBe('Starting soon');
  expect(await page.textContent('#tour-countdown')).toMatch(/^Starts in (5:00|4:5\d)$/);
  await page.screenshot({ path: `${SHOTS}/tournament-new.png` });
  // Private: joined with its password only.
  await page.fill('#tour-password', 'wrong');
  await page.click('#tour-join');
  await page.waitForSelector('#message:not([hidden])');
  expect(await page.textContent('#message')).toBe(WRONG_PASSWORD);
  await page.fill('#tour-password', 'secret');
  await page.click('#tour-join');
  await page.waitForSelector('#tour-withdraw:not([hidden])');
  expect(await page.isHidden('#tour-join-form')).toBe(true);
  // Pausing is for an event under way; withdrawing keeps the line, and joining comes back.
  expect(await page.isHidden('#tour-pause')).toBe(true);
  await page.click('#tour-withdraw');
  await page.waitForSelector('#tour-join-form:not([hidden])');
  expect(await page.textContent('#tour-me')).toContain('You withdrew');
  await page.waitForSelector('#tour-rows tr.withdrawn.me');

  await page.click('#tournaments-nav');
  const upcoming = page.locator('#tours-upcoming li', { hasText: 'Evening Arena' });
  await upcoming.waitFor();
  expect(await upcoming.textContent()).toMatch(/Starts in [45]:\d\d/);
  await page.screenshot({ path: `${SHOTS}/tournaments.png` });
});

test('a visitor (no identity, no socket) reads the standings 20 a page', async () => {
  const owner = await newAccount(server, 'Owen_ar');
  const made = await http(
    server,
    'POST',
    '/api/tournament',
    {
      name: 'Crowded Arena',
      variant: 'brazilian',
      clock: { initial: 60_000, increment: 0 },
      minutes: 20,
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      rated: false,
    },
    owner.token,
  );
  expect(made.status).toBe(201);
  const arena = made.body.id as string;
  for (let i = 1; i <= 22; i++) {
    // Guests (a casual arena takes them): quicker to make than accounts.
    const p = await newPlayer(server, `crowd${i}`);
    expect((await http(server, 'POST', `/api/tournament/${arena}/join`, {}, p.token)).status).toBe(
      200,
    );
  }
  const page = await open(`/tournament/${arena}`);
  await page.waitForSelector('#tour-name:text-is("Crowded Arena")');
  await page.waitForSelector('#tour-pager:not([hidden])');
  expect(await page.locator('#tour-rows tr').count()).toBe(20);
  expect(await page.textContent('#tour-page')).toBe('Page 1 of 2');
  expect(await page.isDisabled('#tour-prev')).toBe(true);
  await page.click('#tour-next');
  await page.waitForSelector('#tour-page:text-is("Page 2 of 2")');
  expect(await page.locator('#tour-rows tr').count()).toBe(2);
  expect(await page.textContent('#tour-rows tr:first-child .rank')).toBe('21');
  expect(await page.isDisabled('#tour-next')).toBe(true);
  // Nobody here: no entry of mine, Join offered (a visitor gets an identity by joining).
  expect(await page.isHidden('#tour-me')).toBe(true);
  expect(await page.isVisible('#tour-join')).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('damas.identity'))).toBeNull();
});
