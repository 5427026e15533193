/**
 * Each page's element ids against its markup (the header's too): every id a page declares (its
 * ids.ts, which types its el(id)) is in its markup exactly once, on the tag declared, and every
 * id in its markup is declared. A page's code and its markup cannot drift apart unseen.
 */
import { readFileSync } from 'node:fs';
import type { Ids } from '../../client/src/lib/dom.js';
import { HEADER_IDS } from '../../client/src/lib/header/ids.js';
import { ANALYSIS_IDS } from '../../client/src/pages/analysis/ids.js';
import { EDITOR_IDS } from '../../client/src/pages/editor/ids.js';
import { PROFILE_IDS } from '../../client/src/pages/profile/ids.js';

/** What each part of the client declares, and the markup that must hold it. */
const PARTS: { name: string; ids: Ids; markup: string }[] = [
  { name: 'header', ids: HEADER_IDS, markup: 'client/src/lib/header/header.html' },
  { name: 'profile', ids: PROFILE_IDS, markup: 'client/src/pages/profile/profile.html' },
  { name: 'analysis', ids: ANALYSIS_IDS, markup: 'client/src/pages/analysis/analysis.html' },
  { name: 'editor', ids: EDITOR_IDS, markup: 'client/src/pages/editor/editor.html' },
];

/** The start tags of some markup, with the id of each that has one (comments left out). */
function idsIn(html: string): { id: string; tag: string }[] {
  const tags = html.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<([a-zA-Z][\w-]*)(\s[^>]*)?>/g);
  return [...tags].flatMap(([, tag, attrs = '']) => {
    const id = /\sid="([^"]*)"/.exec(attrs)?.[1];
    return id === undefined ? [] : [{ id, tag: tag.toLowerCase() }];
  });
}

describe.each(PARTS)('$name', ({ ids, markup }) => {
  const found = idsIn(readFileSync(markup, 'utf8'));

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
