/**
 * A finished game's engine analysis in real Chromium: "Analyse this game" after the end, the
 * progress, the graph of winning chances and the marked moves, and the stored analysis shown again
 * after a reload without asking anew.
 */
import type { Browser, Page } from 'playwright-core';
import { http, type Server } from '../e2e/harness.js';
import {
  customMatch,
  openPage,
  SHOTS,
  square,
  startBrowserSuite,
  stopBrowserSuite,
} from './pages.js';

let server: Server;
let browser: Browser;
beforeAll(async () => ({ server, browser } = await startBrowserSuite()));
afterAll(() => stopBrowserSuite({ server, browser }));
const open = (): Promise<Page> => openPage(browser, server.url, { consoleErrors: 'fail' });

test('analyse a finished game: progress, the graph, the marks; shown again after a reload', async () => {
  const w = await open();
  const b = await open();
  const created = await customMatch(
    server,
    w,
    b,
    'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12',
  );
  expect(created.status).toBe(201);
  const id = created.body.id;
  expect(await w.isHidden('#analyse')).toBe(true); // not while the game is on
  await square(w, 22).click();
  await w.waitForSelector('[data-target="18"]');
  await square(w, 18).click();
  await b.waitForFunction(() => document.querySelector('#moves')?.textContent?.includes('22-18'));
  await b.click('#resign');
  await b.click('#resign-confirm');
  await w.waitForSelector('#banner:not([hidden])');

  await w.waitForSelector('#analyse:not([hidden])');
  await w.click('#analyse');
  await w.waitForSelector('#review:not([hidden])');
  await w.waitForFunction(
    () => document.querySelector('#review-status')?.textContent === 'Engine analysis',
    undefined,
    { timeout: 30_000 },
  );
  expect(await w.isHidden('#analyse')).toBe(true);
  const points = await w.getAttribute('#eval-graph polyline', 'points');
  expect(points?.trim().split(' ')).toHaveLength(2); // the start and after 22-18
  const stored = await http(server, 'GET', `/api/matches/${id}/analysis`);
  expect(stored.body.status).toBe('done');
  const marked = (stored.body.positions as { judgement?: string | null }[]).filter(
    (p) => p.judgement,
  );
  expect(await w.locator('#review-marks li').count()).toBe(marked.length);
  await w.screenshot({ path: `${SHOTS}/game-analysis.png` });

  // The other player's page, reloaded: the stored analysis, no button.
  await b.reload();
  await b.waitForSelector('#review:not([hidden])');
  expect(await b.textContent('#review-status')).toBe('Engine analysis');
  expect(await b.isHidden('#analyse')).toBe(true);
});
