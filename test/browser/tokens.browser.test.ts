/**
 * Personal API tokens in real Chromium: an account opens "API tokens" from the header, makes a
 * token with the engine:analyse scope, reads its secret (shown this once), a program (Node's
 * fetch) analyses with it, the account revokes it and the program is refused. A guest is asked
 * to sign up (and, signed up there, gets the form); a refusal is worded by its subcode. A
 * bot account's name carries its BOT tag (the profile page and the lobby's live games, their API
 * answers routed: making a bot account is the Bot API's own test).
 */
import type { Browser, Page } from 'playwright-core';
import type { GamePage, MatchSummary, UserProfile } from '../../src/common/protocol.js';
import { Position } from '../../src/rules/index.js';
import { type Server } from '../e2e/harness.js';
import { openPage, SHOTS, signUp, startBrowserSuite, stopBrowserSuite } from './pages.js';

let server: Server;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await startBrowserSuite({ engineThreads: 1 })));
afterAll(() => stopBrowserSuite({ server, browser }));

/** What a program gets from the engine with `secret` as its bearer token. */
async function analyse(secret: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.url}/api/engine/analyse`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify({ variant: 'russian', fen: Position.initial('russian').fen, depth: 2 }),
  });
  return { status: res.status, body: await res.json() };
}

/** Makes a token on the page: a description and scopes, then Create. */
async function createToken(page: Page, description: string, scopes: string[]): Promise<void> {
  await page.fill('#token-description', description);
  for (const s of scopes) await page.check(`#token-scopes-list input[value="${s}"]`);
  await page.click('#token-create');
}

test('make a token, a program analyses with it, revoke it: the program is refused', async () => {
  const page = await openPage(browser, server.url, { consoleErrors: 'fail' });
  expect(await page.isHidden('#tokens-open')).toBe(true);
  await signUp(page, 'Tina_t');
  // The link is in the settings dialog (an account's header row has no room for it).
  await page.click('#settings-open');
  await page.click('#tokens-open');
  await page.waitForSelector('#tokens-page:not([hidden])');
  expect(new URL(page.url()).search).toBe('?page=tokens');
  expect(await page.isHidden('#lobby')).toBe(true);
  await page.waitForSelector('#no-tokens:not([hidden])');
  // Each scope has its box and its one-line explanation.
  expect(await page.locator('#token-scopes-list label').count()).toBe(5);
  expect(await page.textContent('#token-scopes-list')).toContain('engine:analyse');
  expect(await page.textContent('#tokens-page')).toContain('/docs');
  expect(await page.textContent('#tokens-page')).toContain('Bot API');
  // The guide is a page of the site, linked (it was a repository path in plain text).
  const guide = page.locator('#tokens-page a[href="/bot-api"]');
  expect(await guide.count()).toBe(1);
  const served = await page.request.get(`${server.url}/bot-api`);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/text\/html/);
  expect(await served.text()).toMatch(/<h1[^>]*>[^<]*Bot API/);

  // No scope: the browser refuses the form, nothing is made.
  await createToken(page, 'Nothing', []);
  expect(
    await page.$eval('#token-scopes-list input', (b) => (b as HTMLInputElement).validationMessage),
  ).toBe('Choose at least one scope.');
  expect(await page.isHidden('#token-new')).toBe(true);

  await createToken(page, 'Analysis script', ['engine:analyse']);
  await page.waitForSelector('#token-new:not([hidden])');
  expect(await page.textContent('#token-new')).toContain('Copy it now: it will not be shown again');
  const secret = await page.inputValue('#token-secret');
  expect(secret).toMatch(/^dam_\S{20,}$/);
  expect(await page.getAttribute('#token-secret', 'readonly')).not.toBeNull();
  const row = page.locator('#tokens tr');
  await row.first().waitFor();
  expect(await row.count()).toBe(1);
  expect(await row.locator('.description').textContent()).toBe('Analysis script');
  expect((await row.locator('.token-scopes').textContent())?.trim()).toBe('engine:analyse');
  expect(await row.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
  // The form is emptied for the next token.
  expect(await page.inputValue('#token-description')).toBe('');
  await page.screenshot({ path: `${SHOTS}/api-tokens.png`, fullPage: true });

  const ok = await analyse(secret);
  expect(ok.status).toBe(200);
  expect(ok.body).toMatchObject({ bestMove: expect.any(Object), depth: expect.any(Number) });

  // Shown once: after a reload the token is listed, its secret is not.
  await page.reload();
  await row.first().waitFor();
  expect(await page.isHidden('#token-new')).toBe(true);
  expect(await page.inputValue('#token-secret')).toBe('');

  // Revoke, once confirmed.
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.accept();
  });
  await row.locator('button.revoke').click();
  await page.waitForSelector('#no-tokens:not([hidden])');
  expect(asked).toContain('Analysis script');
  expect(await row.count()).toBe(0);
  expect(await page.isHidden('#tokens-error')).toBe(true);
  const refused = await analyse(secret);
  expect(refused.status).toBe(401);
  expect(refused.body).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
});

test('a guest is asked to sign up; a refusal is worded by its subcode', async () => {
  // Console errors are allowed: Chromium logs the refused request (404) as one.
  const page = await openPage(browser, `${server.url}/?page=tokens`);
  await page.waitForSelector('#tokens-guest:not([hidden])');
  expect(await page.isHidden('#token-form')).toBe(true);
  expect(await page.isHidden('#lobby')).toBe(true);
  // Signed up right there: the form and the (empty) list.
  await signUp(page, 'Gus_t');
  await page.waitForSelector('#token-form:not([hidden])');
  expect(await page.isHidden('#tokens-guest')).toBe(true);
  await page.waitForSelector('#no-tokens:not([hidden])');

  await createToken(page, 'Board app', ['board:play', 'challenge:read']);
  const row = page.locator('#tokens tr');
  await row.first().waitFor();
  expect((await row.locator('.token-scopes').textContent())?.trim()).toBe(
    'board:play challenge:read',
  );
  // Revoked meanwhile by another tab of the account: Revoke here is refused (worded by the
  // subcode TOKEN_GONE), and the list is read again.
  const id = await row.getAttribute('data-token');
  const gone = await page.request.delete(`${server.url}/api/tokens/${id}`, {
    headers: { origin: server.url },
  });
  expect(gone.status()).toBe(204);
  page.once('dialog', (d) => void d.accept());
  await row.locator('button.revoke').click();
  await page.waitForSelector('#tokens-error:not([hidden])');
  expect(await page.textContent('#tokens-error')).toBe(
    'That token no longer exists: it was revoked.',
  );
  await page.waitForSelector('#no-tokens:not([hidden])');
});

test('a bot carries its BOT tag: the profile header, its games list, the lobby', async () => {
  const page = await openPage(browser, 'about:blank', { consoleErrors: 'fail' });
  const profile: UserProfile = {
    id: 'b0b',
    username: 'Robo_b',
    title: 'BOT',
    createdAt: new Date().toISOString(),
    online: true,
    ratings: [],
    count: { games: 1, wins: 1, draws: 0, losses: 0 },
  };
  const games: GamePage = {
    games: [
      {
        id: 'g1',
        variant: 'russian',
        speed: 'blitz',
        rated: true,
        color: 'white',
        opponent: { id: 'b1', name: 'Other_bot', title: 'BOT', rating: 1500 },
        result: { winner: 'white', reason: 'resign' },
        outcome: 'win',
        endedAt: new Date().toISOString(),
        url: '/?game=g1',
        pdn: '/api/matches/g1/pdn',
      },
    ],
    next: null,
  };
  await page.route(/\/api\/users\/Robo_b(\/games)?(\?.*)?$/, (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify(route.request().url().includes('/games') ? games : profile),
    }),
  );
  // The profile's puzzle dashboard (v1.18) of this made-up account: none played.
  await page.route(/\/api\/player\/Robo_b\/puzzles/, (route) =>
    route.fulfill({ contentType: 'application/json', body: '{"days":30,"variants":[]}' }),
  );
  // Its social line (v1.19): nobody follows it, offline.
  await page.route(/\/api\/rel\/status\/Robo_b$/, (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        id: 'b0b',
        username: 'Robo_b',
        followers: 0,
        following: 0,
        youFollow: null,
        online: false,
        playing: null,
      }),
    }),
  );
  await page.goto(`${server.url}/@/Robo_b`);
  await page.waitForSelector('#profile:not([hidden])');
  expect(await page.textContent('#username .title-bot')).toBe('BOT');
  expect(await page.textContent('#username')).toBe('BOT Robo_b');
  await page.waitForSelector('#games tr');
  expect(await page.textContent('#games tr .title-bot')).toBe('BOT');
  expect(await page.getAttribute('#games tr .player-name a', 'href')).toBe('/@/Other_bot');
  const tag = await page.$eval('#username .title-bot', (e) => getComputedStyle(e).color);
  expect(tag).toBe('rgb(255, 255, 255)');
  await page.screenshot({ path: `${SHOTS}/bot-tag-profile.png` });

  // The lobby's live games: a bot against a person, each name drawn by the same helper.
  const live: MatchSummary = {
    id: 'm1',
    variant: 'russian',
    status: 'active',
    white: { id: 'b0b', name: 'Robo_b', title: 'BOT', rating: 1612 },
    black: { id: 'p1', name: 'Pat', rating: 1480, provisional: true },
    rated: true,
    turn: 'white',
    ply: 4,
    clock: { white: 180_000, black: 175_000, running: 'white' },
    timeControl: { initial: 180_000, increment: 2000 },
    speed: 'blitz',
    result: null,
    computer: null,
    correspondence: null,
    createdAt: new Date().toISOString(),
  };
  await page.route(/\/api\/matches\?status=active$/, (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify([live]) }),
  );
  await page.goto(server.url);
  await page.waitForSelector('#live li');
  expect(await page.locator('#live li .title-bot').count()).toBe(1);
  expect(await page.textContent('#live li span')).toBe(
    'BOT Robo_b 1612 – Pat 1480? · Russian · rated · move 3',
  );
});
