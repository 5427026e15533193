/**
 * Each page's element ids against its markup (the header's too): every id a page declares (its
 * ids.ts, which types its el(id)) is in its markup exactly once, on the tag declared, and every
 * id in its markup is declared. A page's code and its markup cannot drift apart unseen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Ids } from '../../client/src/lib/dom.js';
import { HEADER_IDS } from '../../client/src/lib/header/ids.js';
import { fillSlots } from '../../client/src/lib/study/frame.js';
import { SHELL_IDS } from '../../client/src/lib/shell.js';
import { ANALYSIS_IDS } from '../../client/src/pages/analysis/ids.js';
import { CHALLENGE_IDS } from '../../client/src/pages/challenge/ids.js';
import { EDITOR_IDS } from '../../client/src/pages/editor/ids.js';
import { GAME_IDS } from '../../client/src/pages/game/ids.js';
import { LEADERBOARD_IDS } from '../../client/src/pages/leaderboard/ids.js';
import { LOBBY_IDS } from '../../client/src/pages/lobby/ids.js';
import { MOD_IDS } from '../../client/src/pages/mod/ids.js';
import { PROFILE_IDS } from '../../client/src/pages/profile/ids.js';
import { RULES_IDS } from '../../client/src/pages/rules/ids.js';
import { TOKENS_IDS } from '../../client/src/pages/tokens/ids.js';
import { NEW_TOURNAMENT_IDS } from '../../client/src/pages/newtournament/ids.js';
import { TOURNAMENT_IDS } from '../../client/src/pages/tournament/ids.js';
import { TOURNAMENTS_IDS } from '../../client/src/pages/tournaments/ids.js';
import { TRAINING_IDS } from '../../client/src/pages/training/ids.js';
import { TV_IDS } from '../../client/src/pages/tv/ids.js';

/** The study pages' markup is the shared frame with their slots filled (lib/study/frame.ts). */
const STUDY = ['analysis', 'editor'];
const markupOf = (name: string, file: string): string =>
  STUDY.includes(name)
    ? fillSlots(readFileSync('client/src/lib/study/frame.html', 'utf8'), readFileSync(file, 'utf8'))
    : readFileSync(file, 'utf8');

/** What each part of the client declares, and the markup that must hold it. */
const PARTS: { name: string; ids: Ids; markup: string }[] = [
  { name: 'shell', ids: SHELL_IDS, markup: 'client/index.html' },
  { name: 'header', ids: HEADER_IDS, markup: 'client/src/lib/header/header.html' },
  ...Object.entries({
    lobby: LOBBY_IDS,
    game: GAME_IDS,
    challenge: CHALLENGE_IDS,
    tokens: TOKENS_IDS,
    analysis: ANALYSIS_IDS,
    editor: EDITOR_IDS,
    profile: PROFILE_IDS,
    leaderboard: LEADERBOARD_IDS,
    rules: RULES_IDS,
    tournament: TOURNAMENT_IDS,
    tournaments: TOURNAMENTS_IDS,
    newtournament: NEW_TOURNAMENT_IDS,
    training: TRAINING_IDS,
    tv: TV_IDS,
    mod: MOD_IDS,
  }).map(([name, ids]) => ({ name, ids, markup: `client/src/pages/${name}/${name}.html` })),
];

test('every page of client/src/pages is checked', () => {
  const pages = readdirSync('client/src/pages', { withFileTypes: true }).filter((d) =>
    d.isDirectory(),
  );
  expect(pages.map((d) => d.name).sort()).toEqual(
    PARTS.filter((p) => p.markup.startsWith('client/src/pages/'))
      .map((p) => p.name)
      .sort(),
  );
});

test("the lobby's pages share a document: no id of one is another's, the header's or the shell's", () => {
  const together = ['shell', 'header', 'lobby', 'game', 'challenge', 'tokens', 'tournament'];
  const ids = PARTS.filter((p) => together.includes(p.name)).flatMap((p) =>
    Object.keys(p.ids).map((id) => `${id} (${p.name})`),
  );
  const seen = new Map<string, string>();
  const twice = ids.filter((entry) => {
    const id = entry.split(' ')[0];
    const first = seen.get(id);
    seen.set(id, entry);
    return first !== undefined;
  });
  expect(twice).toEqual([]);
});

/** The start tags of some markup, with the id of each that has one (comments left out). */
function idsIn(html: string): { id: string; tag: string }[] {
  const tags = html.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<([a-zA-Z][\w-]*)(\s[^>]*)?>/g);
  return [...tags].flatMap(([, tag, attrs = '']) => {
    const id = /\sid="([^"]*)"/.exec(attrs)?.[1];
    return id === undefined ? [] : [{ id, tag: tag.toLowerCase() }];
  });
}

describe.each(PARTS)('$name', ({ name, ids, markup }) => {
  const found = idsIn(markupOf(name, markup));

  test('every id declared is in the markup once, on the tag declared', () => {
    for (const [id, tag] of Object.entries(ids))
      expect({ id, tags: found.filter((f) => f.id === id).map((f) => f.tag) }).toEqual({
        id,
        tags: [tag],
      });
  });

  test('every id in the markup is declared', () => {
    const undeclared = found.map((f) => f.id).filter((id) => !Object.hasOwn(ids, id));
    expect(undeclared).toEqual([]);
  });
});

test('the markup reader finds ids on any start tag, and none in comments', () => {
  expect(
    idsIn('<!-- <p id="no"> --><svg\n  id="board"\n  class="b"></svg><p class="x" id="a">'),
  ).toEqual([
    { id: 'board', tag: 'svg' },
    { id: 'a', tag: 'p' },
  ]);
});
