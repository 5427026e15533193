/**
 * The client's languages in real Chromium: a Russian browser gets the lobby in Russian (and
 * <html lang="ru">); the header's switch changes the page (once the language's words are fetched, no reload) and is kept over a reload; a
 * game's status, result and board are said in the language chosen, and a switch mid-page
 * re-words them without losing the game.
 */
import type { Browser, Page } from 'playwright-core';
import { type Server } from '../e2e/harness.js';
import {
  computerGame,
  isConsoleError,
  SHOTS,
  square,
  startBrowserSuite,
  stopBrowserSuite,
} from './pages.js';

let server: Server;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await startBrowserSuite({ engineThreads: 1 })));
afterAll(() => stopBrowserSuite({ server, browser }));

/** A page in a browser whose language list is `locale`; a console error fails the test. */
async function openIn(locale: string, path = '/', consoleErrors = true): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  page.on('console', (m) => {
    if (consoleErrors && isConsoleError(m)) throw new Error(`console error: ${m.text()}`);
  });
  await page.goto(server.url + path);
  return page;
}

const text = (page: Page, selector: string) => page.textContent(selector);
const lang = (page: Page) => page.getAttribute('html', 'lang');
/** Picks a language in the header's switch; its words are fetched the first time it is picked. */
async function pick(page: Page, language: string): Promise<void> {
  await page.selectOption('#language', language);
  await page.waitForFunction((l) => document.documentElement.lang === l, language);
}

test('a Russian browser: the lobby in Russian; the switch to French holds (once its words are fetched) and over a reload', async () => {
  const page = await openIn('ru-RU');
  await page.waitForFunction(() => document.documentElement.lang === 'ru');
  expect(await text(page, '#play')).toBe('Найти соперника');
  expect(await text(page, '#play-computer')).toBe('Играть с компьютером');
  expect(await page.inputValue('#language')).toBe('ru');
  expect(await page.title()).toBe('Damas: играйте в шашки онлайн');
  await page.screenshot({ path: `${SHOTS}/lobby-russian.png` });
  // Variant names and the choices built by the code are Russian too.
  expect(await page.locator('#variant option[value="russian"]').textContent()).toBe('Русские');
  expect(await page.locator('#friend-days option').first().textContent()).toBe('1 день на ход');
  // The switch lists each language in its own name.
  expect(await page.locator('#language option').allTextContents()).toEqual([
    'English',
    'Português (Brasil)',
    'Español',
    'Русский',
    'Français',
    'Nederlands',
  ]);

  await page.fill('#friend-to', 'Ana');
  await pick(page, 'fr');
  // No reload (what was typed stays), static and drawn texts alike.
  expect(await lang(page)).toBe('fr');
  expect(await text(page, '#play')).toBe('Trouver un adversaire');
  expect(await text(page, '#friend-create')).toBe('Défier Ana');
  expect(await page.inputValue('#friend-to')).toBe('Ana');
  expect(await page.getAttribute('#my-games', 'aria-label')).toBe('Mes parties');
  expect(await page.locator('#variant option[value="russian"]').textContent()).toBe('Russes');
  expect(await page.title()).toBe('Damas : jouez aux dames en ligne');
  expect(await page.evaluate(() => localStorage.getItem('damas.language'))).toBe('fr');

  await page.reload();
  await page.waitForFunction(() => document.documentElement.lang === 'fr');
  expect(await text(page, '#play')).toBe('Trouver un adversaire');
  expect(await page.inputValue('#language')).toBe('fr');
  // The sign-up form's own checks speak French too (in a Russian browser).
  await page.click('#signup-open');
  await page.fill('#account-username', 'a');
  await page.fill('#account-password', 'short');
  await page.click('#account-submit');
  const check = (id: string) =>
    page.evaluate((i) => (document.getElementById(i) as HTMLInputElement).validationMessage, id);
  expect(await check('account-username')).toBe(
    'Ce nom d’utilisateur n’est pas possible : de 2 à 20 lettres, chiffres, _ ou -, pas seulement des chiffres, et pas un mot réservé.',
  );
  await page.fill('#account-username', 'alice_fr');
  await page.click('#account-submit');
  expect(await check('account-password')).toBe('Un mot de passe fait au moins 8 caractères.');
  await page.context().close();
});

test('a game against the computer: status, result and board in the language chosen, re-worded live', async () => {
  const page = await openIn('fr-FR');
  await page.waitForFunction(() => document.documentElement.lang === 'fr');
  await computerGame(page, 'Chloé');
  expect(await text(page, '#status')).toBe('À vous de jouer');
  expect(await text(page, '#bottom-player')).toContain('Chloé (blancs)');
  expect(await text(page, '#replay-where')).toBe('Position de départ');
  expect(await square(page, 22).getAttribute('aria-label')).toBe('case 22, pion blanc');

  await page.click('#resign');
  expect(await text(page, '#resign-ask')).toContain('Abandonner cette partie ?');
  await page.click('#resign-confirm');
  await page.waitForSelector('#banner:not([hidden])');
  expect(await text(page, '#banner')).toBe('Les blancs ont abandonné : les noirs gagnent.');
  expect(await text(page, '#status')).toBe('Partie terminée');

  // Switched on the game page: the game stays, its words change.
  await pick(page, 'ru');
  expect(await page.isVisible('#game')).toBe(true);
  expect(await text(page, '#banner')).toBe('Белые сдались: чёрные выиграли.');
  expect(await text(page, '#status')).toBe('Партия окончена');
  expect(await text(page, '#rematch')).toBe('Реванш');
  expect(await square(page, 22).getAttribute('aria-label')).toBe('поле 22, белая шашка');
  expect(await lang(page)).toBe('ru');

  // And back to English, word for word as before translation.
  await pick(page, 'en');
  expect(await text(page, '#banner')).toBe('White resigned: Black wins.');
  expect(await text(page, '#status')).toBe('Game over');
  expect(await lang(page)).toBe('en');
  await page.context().close();
});

test('the analysis board and a profile page have the switch too', async () => {
  const page = await openIn('nl-BE', '/analysis');
  await page.waitForFunction(() => document.documentElement.lang === 'nl');
  // The header is in Dutch at once; the board's page (its own chunks) names itself when shown.
  await page.waitForSelector('#analysis:not([hidden])');
  await page.waitForFunction(() => document.querySelector('#page-title')?.textContent !== '');
  expect(await text(page, '#page-title')).toBe('Analysebord');
  expect(await text(page, '#tree-promote')).toBe('Tot hoofdvariant maken');
  expect(await page.locator('#engine-count option').first().textContent()).toBe('1 variant');
  await pick(page, 'es');
  expect(await text(page, '#page-title')).toBe('Tablero de análisis');
  expect(await page.title()).toBe('Damas: tablero de análisis');
  expect(await page.locator('#engine-count option').nth(1).textContent()).toBe('2 líneas');
  await page.click('#mode-editor');
  expect(await text(page, '#editor-check')).toBe('Una posición legal: juegan las blancas.');
  // The rules' refusals in Spanish too, by their reasons (the rules' own words are English).
  await page.click('#editor-clear');
  expect(await text(page, '#editor-check')).toBe(
    'No es una posición jugable: las blancas no tienen piezas, así que la partida ya habría terminado.',
  );
  await page.fill('#fen', 'W:W21-99');
  await page.press('#fen', 'Enter');
  await page.waitForSelector('#message:not([hidden])');
  expect(await text(page, '#message')).toBe(
    'Ese FEN no se puede leer: no está escrito como un FEN, por ejemplo W:W21-32:B1-12.',
  );
  await page.click('#mode-analysis');
  await page.fill('#pdn-text', '1. 99-98 *');
  await page.click('#pdn-import');
  await page.waitForSelector('#pdn-error:not([hidden])');
  expect(await text(page, '#pdn-error')).toBe(
    'Línea 1, jugada 1. "99-98": no es una jugada de este tablero.',
  );
  await page.context().close();

  // A profile that does not exist: its error said in the page's language, by the error's code.
  // (The browser logs the 404 of its request: not an error of the page.)
  const profile = await openIn('pt-PT', '/@/nobody_here', false);
  await profile.waitForSelector('#message:not([hidden])');
  expect(await lang(profile)).toBe('pt-BR');
  // The server's English detail is not shown on a page in another language.
  expect(await text(profile, '#message')).toBe('Não encontrado.');
  expect(await profile.inputValue('#language')).toBe('pt-BR');
  await profile.context().close();
});
