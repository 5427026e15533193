/** A starter-set record is checked before it is loaded: shape, legal replay, moves as written. */
import { readFileSync } from 'node:fs';
import { checkRecord } from '../../src/puzzles/puzzle-record.js';
import { readRecords } from '../../src/puzzles/starter-set.service.js';
import { randomPuzzles } from '../puzzle-fixtures.js';

const [good] = randomPuzzles('russian', 1, 7);

test('a record whose line replays legally, each move as moveToText writes it, is taken', () => {
  const c = checkRecord(good);
  expect(c).toEqual({ ok: true, record: good });
  // Optional fields default.
  const bare: Record<string, unknown> = { ...good };
  for (const k of ['accepted', 'themes', 'depth']) delete bare[k];
  expect(checkRecord(bare)).toEqual({ ok: true, record: { ...good, themes: [], depth: 0 } });
});

test.each([
  ['an id that is not 6 letters or digits', { ...good, id: 'abc' }, 'id'],
  ['an unknown variant', { ...good, variant: 'chess' }, 'variant'],
  ['an unknown theme', { ...good, themes: ['pin'] }, 'themes'],
  ['an unknown source', { ...good, source: 'book' }, 'source'],
  ['a line of one solver move', { ...good, moves: good.moves.slice(0, 2) }, 'moves'],
  ['a line ending on a reply', { ...good, moves: good.moves.slice(0, 5) }, 'solver move'],
  ['a bad FEN', { ...good, fen: 'X:nonsense' }, 'fen'],
  ['an illegal move', { ...good, moves: [good.moves[0], '1-2', ...good.moves.slice(2)] }, 'move 1'],
  [
    'a move not as written',
    { ...good, moves: [`${good.moves[0]}!`, ...good.moves.slice(1)] },
    'written',
  ],
  ['an accepted move at a reply', { ...good, accepted: [[2, good.moves[2]]] }, 'accepted at 2'],
  [
    'an accepted move that is the solution',
    { ...good, accepted: [[1, good.moves[1]]] },
    'accepted at 1',
  ],
])('refused: %s', (_, raw, says) => {
  const c = checkRecord(raw);
  expect(c.ok).toBe(false);
  if (!c.ok) expect(c.reason).toContain(says);
});

test('a file: good lines kept, the others named by line; an id twice is kept once', () => {
  const text = [
    JSON.stringify(good),
    '',
    'not json',
    JSON.stringify({ ...good, id: 'x' }),
    JSON.stringify(good),
  ].join('\n');
  const { records, skipped } = readRecords(text);
  expect(records).toEqual([good]);
  expect(skipped).toEqual([
    'line 3: not JSON',
    expect.stringMatching(/^line 4: id/),
    `line 5: id ${good.id} twice`,
  ]);
});

test("the generator's sample (test/fixtures/puzzles-sample.ndjson): every record is taken", () => {
  const text = readFileSync('test/fixtures/puzzles-sample.ndjson', 'utf8');
  const { records, skipped } = readRecords(text);
  expect(skipped).toEqual([]);
  expect(records.length).toBe(text.trim().split('\n').length);
});
