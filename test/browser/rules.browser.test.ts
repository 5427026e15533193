/**
 * The rules pages in real Chromium (issue 31): /rules lists every variant, each name a link to
 * its page, whose diagrams draw the pieces of their positions (the start, then a rule at work),
 * its sections all there; Back and "All variants" return to the list; the lobby's and the game's
 * "Rules" links lead to the variant picked or played; another language's words are fetched with
 * the page. axe (WCAG 2.1 A/AA) on the list and on a page of each board size.
 */
import type { Browser, Page } from 'playwright-core';
import { perSide, RULES, RULES_VARIANTS } from '../../client/src/pages/rules/catalog.js';
import { SECTIONS } from '../../client/src/pages/rules/text/types.js';
import { isVariantId, Position } from '../../src/rules/index.js';
import { http, type Server } from '../e2e/harness.js';
import { expectNoAxeViolations } from './axe.js';
import { computerGame, openPage, SHOTS, startBrowserSuite, stopBrowserSuite } from './pages.js';

let server: Server;
let browser: Browser;
beforeAll(async () => ({ server, browser } = await startBrowserSuite({ engineThreads: 1 })));
afterAll(() => stopBrowserSuite({ server, browser }));
const open = (path = '/'): Promise<Page> =>
  openPage(browser, `${server.url}${path}`, { consoleErrors: 'fail' });

/** The pieces a FEN puts on the board. */
const piecesIn = (id: string, fen: string): number => {
  const p = isVariantId(id) ? Position.fromFen(id, fen) : null;
  if (!p?.ok) throw new Error(`${id}: ${fen}`);
  return p.value.pieces().length;
};

test('/rules and a variant’s rules are pages', async () => {
  for (const path of ['/rules', '/rules/', '/rules/czech', '/rules/turkish']) {
    const r = await http(server, 'GET', path);
    expect({ path, status: r.status }).toEqual({ path, status: 200 });
    expect(r.text).toContain('<div id="page">');
  }
});

test('the list leads to every variant’s page, its diagrams drawn with their pieces', async () => {
  const page = await open('/rules');
  await page.waitForSelector('#rules-rows tr');
  expect(await page.textContent('#rules-title')).toBe('Rules of the variants');
  const listed = await page
    .locator('#rules-rows tr')
    .evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.variant));
  expect(listed).toEqual([...RULES_VARIANTS]);
  expect(await page.textContent('#rules-rows tr[data-variant="canadian"] td:nth-child(2)')).toBe(
    '12×12, 30 against 30',
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/rules.png`, fullPage: true });

  for (const id of RULES_VARIANTS) {
    await page.click(`#rules-rows tr[data-variant="${id}"] a`);
    await page.waitForURL(`**/rules/${id}`);
    await page.waitForSelector('#rules-sections p[data-section="sources"]');
    const sections = await page
      .locator('#rules-sections p')
      .evaluateAll((ps) => ps.map((p) => (p as HTMLElement).dataset.section));
    expect({ id, sections }).toEqual({ id, sections: [...SECTIONS] });
    expect(await page.textContent('#rules-title')).toMatch(/^Rules: /);
    if (isVariantId(id)) {
      const fens = [RULES[id].start, ...RULES[id].diagrams.map((d) => d.fen)];
      const drawn = await page
        .locator('#rules-diagrams figure')
        .evaluateAll((fs) => fs.map((f) => f.querySelectorAll('.piece').length));
      expect({ id, drawn }).toEqual({ id, drawn: fens.map((fen) => piecesIn(id, fen)) });
      // The start: both sides' men, as the list says.
      expect(drawn[0]).toBe(2 * perSide(RULES[id].start));
      // An arrow on each diagram after the start.
      expect(await page.locator('#rules-diagrams .diagram-arrow').count()).toBe(fens.length - 1);
    } else {
      // Described before this server plays it: no diagram yet, said so.
      expect(await page.locator('#rules-diagrams figure').count()).toBe(0);
      expect(await page.textContent('#rules-diagrams')).toContain('not played on this server yet');
    }
    if (['brazilian', 'international', 'canadian', 'turkish'].includes(id)) {
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/rules-${id}.png`, fullPage: true });
    }
    // Back to the list: by the page's link, or the browser's Back.
    if (id.length % 2) await page.click('#rules-all');
    else await page.goBack();
    await page.waitForURL(/\/rules$/);
    await page.waitForSelector('#rules-list:not([hidden])');
  }
});

test('an address naming no variant says so, and lists them', async () => {
  const page = await open('/rules/chess');
  await page.waitForSelector('#rules-rows tr');
  expect(await page.textContent('#rules-intro')).toMatch(/no variant of that name/);
  expect(await page.locator('#rules-rows tr').count()).toBe(RULES_VARIANTS.length);
});

test('in French: the words of the page’s language, fetched with it', async () => {
  const page = await open('/');
  await page.evaluate(() => localStorage.setItem('damas.language', 'fr'));
  await page.goto(`${server.url}/rules/czech`);
  await page.waitForSelector('#rules-sections p');
  expect(await page.textContent('#rules-title')).toBe('Règles : Tchèques');
  expect(await page.textContent('#rules-all')).toBe('Toutes les variantes');
});

test('the lobby’s Rules link leads to the variant picked, the game’s to the one played', async () => {
  const page = await open('/');
  await page.waitForSelector('#lobby:not([hidden])');
  await page.selectOption('#quick-variant', 'russian');
  expect(await page.getAttribute('#quick-rules', 'aria-label')).toBe('Rules of Russian');
  await page.click('#quick-rules');
  await page.waitForURL('**/rules/russian');
  await page.waitForSelector('#rules-sections p');
  expect(await page.textContent('#rules-title')).toBe('Rules: Russian');
  expect(await page.locator('#rules-diagrams figure').count()).toBe(2);

  await page.goto(`${server.url}/`);
  await computerGame(page, 'Rita', 'pool');
  expect(await page.getAttribute('#game-rules', 'href')).toBe('/rules/pool');
  expect(await page.textContent('#game-terms')).toMatch(/^Pool checkers · /);
});
