/** The explorer's opening names (src/explorer/opening-names.ts): pure, no database. */
import { BALLOTS } from '../../bench/engine-match/ballots.js';
import {
  ballotCode,
  openingByFen,
  openingLines,
  replayLine,
} from '../../src/explorer/opening-names.js';
import { ACF_BALLOTS, BARRED } from '../../src/explorer/openings/acf-ballots.js';
import { ENGLISH_OPENINGS } from '../../src/explorer/openings/english.js';
import { INTERNATIONAL_OPENINGS } from '../../src/explorer/openings/international.js';
import { moveToText, parseMoveText, Position, type VariantId } from '../../src/rules/index.js';

const VARIANTS: VariantId[] = ['english', 'international'];

/** The canonical FEN a line of move texts ends in (throws on an illegal move). */
function fenAfter(variant: VariantId, line: string): string {
  let pos = Position.initial(variant);
  for (const text of line.split(' ')) {
    const move = parseMoveText(pos, text);
    if (!move.ok) throw new Error(`${variant}: ${text} is not legal after "${line}"`);
    pos = pos.play(move.value);
  }
  return pos.fen;
}

const everyLine = VARIANTS.flatMap((variant) =>
  openingLines(variant).map((entry) => [variant, entry.name, entry.line] as const),
);

test('each variant with names has some', () => {
  expect(openingLines('english')).toHaveLength(ENGLISH_OPENINGS.length + 174);
  expect(openingLines('international').length).toBeGreaterThanOrEqual(4);
  expect(openingLines('brazilian')).toEqual([]);
});

test.each(everyLine)(
  '%s "%s" (%s) replays legally, written as moveToText writes it',
  (variant, _name, line) => {
    const end = replayLine(variant, line);
    expect(end.ok).toBe(true);
    let pos = Position.initial(variant);
    const texts: string[] = [];
    for (const text of line.split(' ')) {
      const move = parseMoveText(pos, text);
      if (!move.ok) throw new Error(move.error.message);
      texts.push(moveToText(pos, move.value));
      pos = pos.play(move.value);
    }
    expect(texts.join(' ')).toBe(line);
  },
);

test.each(VARIANTS)('%s: no two lines share a position, no code twice', (variant) => {
  const lines = openingLines(variant);
  const fens = lines.map((e) => fenAfter(variant, e.line));
  expect(new Set(fens).size).toBe(fens.length);
  const codes = lines.flatMap((e) => (e.code ? [e.code] : []));
  expect(new Set(codes).size).toBe(codes.length);
});

test('no name is given twice (a ballot without a name of its own borrows one)', () => {
  for (const own of [
    [...ENGLISH_OPENINGS.map((e) => e.name), ...ACF_BALLOTS.flatMap((b) => b.name ?? [])],
    INTERNATIONAL_OPENINGS.map((e) => e.name),
  ])
    expect(new Set(own).size).toBe(own.length);
});

test('the ACF list: 174 ballots numbered 1-174, 18 barred, the 156 others the engine match deck', () => {
  expect(ACF_BALLOTS.map((b) => b.acf)).toEqual(Array.from({ length: 174 }, (_, i) => i + 1));
  expect(BARRED.size).toBe(18);
  expect(ACF_BALLOTS.filter((b) => b.barred).map((b) => b.acf)).toEqual([...BARRED]);
  expect(BALLOTS.map((b) => `${b.acf} ${b.moves.join(' ')}`)).toEqual(
    ACF_BALLOTS.filter((b) => !b.barred).map((b) => `${b.acf} ${b.line}`),
  );
  // Every ballot is three plies, and each is shown with its number and a name (every first move
  // has one, so none falls back to its moves).
  for (const b of ACF_BALLOTS) {
    expect(b.line.split(' ')).toHaveLength(3);
    const shown = openingByFen('english', fenAfter('english', b.line));
    expect(shown?.code).toBe(ballotCode(b.acf));
    expect(shown?.name).not.toBe(b.line);
  }
});

test.each([
  ['english', '11-15 23-19 8-11 22-17 4-8', 'Old Fourteenth'],
  ['english', '11-15 23-19 8-11 22-17 11-16', 'Glasgow'],
  ['english', '11-15 22-18', 'Single Corner'],
  ['english', '11-15 24-20', 'Ayrshire Lassie'],
  ['english', '11-15 21-17', 'Switcher'],
  ['english', '9-14', 'Double Corner'],
  ['english', '11-15', 'Old Faithful'],
  ['english', '11-15 23-19 8-11 22-17 9-13 17-14 10x17 19x10 7x14', 'Black Doctor'],
  ['international', '33-28 18-23', 'Classical game (Partie classique)'],
  ['international', '32-28 18-23', 'Chefneux opening'],
  ['international', '32-28 18-23 33-29 23x32 37x28 20-25', 'Chefneux opening: the Fox'],
] as const)('%s %s is the %s', (variant, line, name) => {
  expect(openingByFen(variant, fenAfter(variant, line))).toEqual({ name, code: null });
});

test.each([
  // Named ballots: the name a source gives, and the ACF number.
  ['10-15 21-17 7-10', 'Octopus', 'ACF 86'],
  ['9-14 23-18 14x23', 'Double Cross', 'ACF 46'],
  ['9-13 22-18 6-9', 'Dreaded Edinburgh', 'ACF 5'],
  ['11-15 22-17 15-19', 'Dyke', 'ACF 119'],
  ['12-16 24-20 10-15', 'Skunk', 'ACF 174'],
  ['9-14 23-19 10-15', 'Rattlesnake', 'ACF 48'], // barred, still named
  // Ballots without a name of their own: the name of their first two moves, or of their first.
  ['11-15 24-20 8-11', 'Ayrshire Lassie', 'ACF 130'],
  ['11-15 21-17 9-13', 'Switcher', 'ACF 112'],
  ['10-15 23-18 6-10', 'Kelso-Cross', 'ACF 98'],
  ['9-13 21-17 5-9', 'Edinburgh', 'ACF 1'],
  ['12-16 24-20 8-12', 'Dundee', 'ACF 173'],
  ['11-16 21-17 7-11', 'Leeds', 'ACF 133'],
  ['11-15 23-19 8-11', 'Old Faithful', 'ACF 126'], // 11-15 23-19 has no name of its own
] as const)('english ballot %s is shown as %s, %s', (line, name, code) => {
  expect(openingByFen('english', fenAfter('english', line))).toEqual({ name, code });
});

test('a transposition finds the name too (the position, not the move order, is named)', () => {
  // The Glasgow-Whilter reached with Black's second and third moves swapped.
  expect(openingByFen('english', fenAfter('english', '11-15 23-19 9-14 22-17 7-11'))).toEqual({
    name: 'Glasgow-Whilter',
    code: null,
  });
});

test('a FEN written another way (pieces out of order) still finds its name', () => {
  const fen = fenAfter('english', '11-15 22-18');
  const [turn, white, black] = fen.split(':');
  const shuffled = [
    turn,
    `W${white.slice(1).split(',').reverse().join(',')}`,
    `B${black.slice(1).split(',').reverse().join(',')}`,
  ].join(':');
  expect(openingByFen('english', shuffled)?.name).toBe('Single Corner');
});

test.each(VARIANTS)('%s: the start position has no name', (variant) => {
  expect(openingByFen(variant, Position.initial(variant).fen)).toBeNull();
});

test('the side to move is part of the position: an unnamed position gives null', () => {
  expect(openingByFen('english', fenAfter('english', '11-15 23-19 8-11 22-17'))).toBeNull();
  expect(openingByFen('english', fenAfter('english', '11-15 23-19'))).toBeNull();
  expect(openingByFen('international', fenAfter('international', '32-28'))).toBeNull();
});

test('unknown variant, variant without names, or bad FEN gives null', () => {
  const fen = fenAfter('english', '11-15 22-18');
  expect(openingByFen('checkers' as VariantId, fen)).toBeNull();
  expect(openingByFen('brazilian', Position.initial('brazilian').fen)).toBeNull();
  expect(openingByFen('english', 'not a fen')).toBeNull();
  expect(openingByFen('english', '')).toBeNull();
  expect(openingByFen('international', fen)).toBeNull();
});

test('replayLine reports the first illegal move', () => {
  expect(replayLine('english', '11-15 23-19 11-15')).toEqual({ ok: false, ply: 2, move: '11-15' });
});
