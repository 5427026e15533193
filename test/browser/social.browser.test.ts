/**
 * Find and follow in real Chromium (issue 34): an account types part of a name in the header's
 * search, picks the suggestion, lands on the profile (online, the live game to watch, the
 * counts), follows; the lobby's "following" card then lists the player as playing, with Watch.
 */
import type { Browser } from 'playwright-core';
import { connect, http, newAccount, type Client, type Server } from '../e2e/harness.js';
import { openPage, SHOTS, signUp, startBrowserSuite, stopBrowserSuite } from './pages.js';

let server: Server;
let browser: Browser;
let star: Client;
beforeAll(async () => ({ server, browser } = await startBrowserSuite()));
afterAll(async () => {
  star?.close();
  await stopBrowserSuite({ server, browser });
});

test('search a name, open the profile, follow; the lobby shows the player playing', async () => {
  const starAccount = await newAccount(server, 'Star_sb');
  const rival = await newAccount(server, 'Rival_sb');
  await newAccount(server, 'Starling_sb');
  star = await connect(server, starAccount.token);
  const game = await http(server, 'POST', '/api/test/matches', {
    variant: 'brazilian',
    whiteId: starAccount.id,
    blackId: rival.id,
    clock: { initial: 600_000, increment: 0 },
    rated: false,
  });
  expect(game.status).toBe(201);

  const page = await openPage(browser, `${server.url}/`, { consoleErrors: 'fail' });
  // Wide enough for an account's header to hold the magnifier (style.css).
  await page.setViewportSize({ width: 1400, height: 900 });
  await signUp(page, 'Fan_sb');

  // Typing suggests both names that start so; the online one is marked.
  await page.fill('#player-search-input', 'sTAR');
  const option = page.locator('#player-search-list li', { hasText: 'Star_sb' });
  await option.first().waitFor();
  expect(await page.locator('#player-search-list li').allTextContents()).toEqual([
    'Star_sb',
    'Starling_sb',
  ]);
  expect(await option.first().getAttribute('class')).toBe('online');
  // The arrow picks, Enter opens the profile.
  await page.press('#player-search-input', 'ArrowDown');
  await page.press('#player-search-input', 'Enter');
  await page.waitForURL(`${server.url}/@/Star_sb`);

  await page.waitForSelector('#social:not([hidden])');
  expect(await page.textContent('#followers-open')).toBe('0 followers');
  expect(await page.isVisible('#online')).toBe(true);
  expect(await page.getAttribute('#watch', 'href')).toBe(`/game/${game.body.id}`);
  expect(await page.textContent('#follow')).toBe('Follow');
  await page.click('#follow');
  await page.waitForSelector('#follow[aria-pressed="true"]');
  expect(await page.textContent('#follow')).toBe('Unfollow');
  expect(await page.textContent('#followers-open')).toBe('1 follower');
  // The count opens its list: the follower is there.
  await page.click('#followers-open');
  await page.waitForSelector('#follow-list li:has-text("Fan_sb")');
  await page.screenshot({ path: `${SHOTS}/social-profile.png` });

  // The lobby: the followed player, online and playing, with a way to watch.
  await page.goto(`${server.url}/`);
  const row = page.locator('#following-list li[data-player="Star_sb"]');
  await row.waitFor();
  expect(await row.textContent()).toContain('playing now');
  await page.screenshot({ path: `${SHOTS}/social-lobby.png` });
  await row.locator('button').click();
  await page.waitForURL(`${server.url}/game/${game.body.id}`);
});
