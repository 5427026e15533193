/**
 * The TRF16 reader (src/tournaments/swiss/trf.ts) as bbpPairings reads the file: fixed columns,
 * the round to pair from the entries, unplayed games, and errors for malformed input.
 */
import {
  formatPairing,
  makeTrf,
  parsePairing,
  parseTrf,
} from '../../../src/tournaments/swiss/index.js';

const line = (id: number, points: string, ...rounds: string[]): string =>
  `001 ${String(id).padStart(4)}      Player ${id}`.padEnd(80) +
  points.padStart(4) +
  ' ' +
  String(id).padStart(4) +
  rounds.map((r) => `  ${r}`).join('');

const trf = (lines: string[], extra = 'XXR 5\nXXC white1'): string =>
  ['012 test', ...lines, extra].join('\n') + '\n';

test.each([
  ['1-0 win', '   2 w 1', { kind: 'game', opponent: 2, colour: 'white', points: 2 }],
  ['draw', '   2 b =', { kind: 'game', opponent: 2, colour: 'black', points: 1 }],
  ['loss', '   2 b 0', { kind: 'game', opponent: 2, colour: 'black', points: 0 }],
  ['forfeit win', '   2 w +', { kind: 'forfeit', opponent: 2, colour: 'white', points: 2 }],
  ['forfeit loss', '   2 b -', { kind: 'forfeit', opponent: 2, colour: 'black', points: 0 }],
  ['pairing-allocated bye', '0000 - U', { kind: 'pab', points: 2 }],
  ['half-point bye', '0000 - H', { kind: 'bye', points: 1 }],
  ['full-point bye', '0000 - F', { kind: 'bye', points: 2 }],
  ['zero-point bye', '0000 - Z', { kind: 'bye', points: 0 }],
])('round entry: %s', (_name, entry, record) => {
  const parsed = parseTrf(trf([line(1, '1.0', entry), line(2, '0.0', '   1 b 0')]));
  expect(parsed.ok).toBe(true);
  if (!parsed.ok) return;
  expect(parsed.input.players[0]!.history[0]).toEqual(record);
  expect(parsed.input.round).toBe(2);
});

test('the round to pair is the first one someone has no entry for; entries for it mean absent', () => {
  const parsed = parseTrf(
    trf([
      line(1, '1.0', '   2 w 1', '0000 - H'),
      line(2, '0.0', '   1 b 0'),
      line(3, '1.0', '0000 - U'),
    ]),
  );
  expect(parsed.ok).toBe(true);
  if (!parsed.ok) return;
  const { input } = parsed;
  expect(input.round).toBe(2);
  expect(input.totalRounds).toBe(5);
  expect(input.initialColour).toBe('white');
  expect(input.players.map((p) => p.absent)).toEqual([true, false, false]);
  expect(input.players.map((p) => p.score)).toEqual([2, 0, 2]);
});

test.each([
  ['XXC black1', 'black'],
  ['XXC white1', 'white'],
])('%s gives the initial colour', (xxc, colour) => {
  const parsed = parseTrf(trf([line(1, '0.0'), line(2, '0.0')], `XXR 3\n${xxc}`));
  expect(parsed.ok && parsed.input.initialColour).toBe(colour);
});

test.each([
  ['no player lines', '012 empty\nXXR 3\n'],
  ['a gap in the pairing numbers', trf([line(1, '0.0'), line(3, '0.0')])],
  ['a bad result code', trf([line(1, '0.0', '   2 w X'), line(2, '0.0', '   1 b 0')])],
  ['an unknown opponent', trf([line(1, '0.0', '   9 w 1'), line(2, '0.0', '0000 - Z')])],
  ['a bad XXR', trf([line(1, '0.0'), line(2, '0.0')], 'XXR many')],
])('malformed: %s', (_name, text) => {
  const parsed = parseTrf(text);
  expect(parsed.ok).toBe(false);
  if (!parsed.ok) expect(parsed.error).toMatch(/\w/);
});

test('makeTrf writes a file that reads back the same', () => {
  const parsed = parseTrf(
    trf([
      line(1, '1.5', '   2 w 1', '0000 - H'),
      line(2, '0.5', '   1 b 0', '   3 w +'),
      line(3, '1.0', '0000 - U', '   2 b -'),
    ]),
  );
  expect(parsed.ok).toBe(true);
  if (!parsed.ok) return;
  const again = parseTrf(makeTrf(parsed.input));
  expect(again).toEqual(parsed);
});

test('the output file: count, white-black lines, the bye as N 0; and read back', () => {
  const text = formatPairing(
    [
      { white: 3, black: 1 },
      { white: 2, black: 4 },
    ],
    5,
  );
  expect(text).toBe('3\n3 1\n2 4\n5 0\n');
  expect(parsePairing(text)).toEqual({
    pairs: [
      { white: 3, black: 1 },
      { white: 2, black: 4 },
    ],
    bye: 5,
  });
  expect(parsePairing('2\r\n1 2\r\n0 3\r\n')).toEqual({ pairs: [{ white: 1, black: 2 }], bye: 3 });
  expect(parsePairing('3\n1 2\n')).toBeNull();
});
