/**
 * The training pages' puzzle logic (client/src/pages/training/puzzle-line.ts): the line read,
 * the solver's side, moves judged by their text in their position (accepted alternatives solve at
 * once), the opponent's replies, a wrong move shown and failed, the solution from there.
 */
import { parseMoveText, Position, unwrap } from '../../src/rules/index.js';
import {
  PuzzleLine,
  PuzzleRun,
  sameMove,
  type Puzzle,
} from '../../client/src/pages/training/puzzle-line.js';

/** Black plays 5-9; White sacrifices 17-14, Black must take 10x17, White takes two with 21x5. */
const PUZZLE: Puzzle = {
  id: 'abc123',
  variant: 'brazilian',
  fen: 'B:W17,18,21,24,25,32:B1,2,4,5,7,8,10,16',
  moves: ['5-9', '17-14', '10x17', '21x5'],
  accepted: [],
  // A theme this client has no words for (a newer server's) is left out.
  themes: ['short', 'sacrifice', 'middlegame', 'unknownTheme' as never],
  rating: 1500,
  plays: 0,
};

const moveTextOf = (m: { from: number; to: number }) => `${m.from}-${m.to}`;
const move = (pos: Position, text: string) => unwrap(parseMoveText(pos, text));

test('the line is read into positions; the solver is the side to move after moves[0]', () => {
  const line = PuzzleLine.read(PUZZLE)!;
  expect(line.positions).toHaveLength(5);
  expect(line.positions[0].turn).toBe('black');
  expect(line.solver).toBe('white');
  expect(line.last).toBe(3);
  expect(line.hint(1)).toBe(17);
  // Themes without words here are left out; the known ones in their fixed order.
  expect(line.themes).toEqual(['short', 'sacrifice', 'middlegame']);
});

test('a line with an illegal move, too short, or of an unknown variant is not read', () => {
  expect(PuzzleLine.read({ ...PUZZLE, moves: ['5-9', '17-10'] })).toBeNull();
  expect(PuzzleLine.read({ ...PUZZLE, moves: ['5-9'] })).toBeNull();
  expect(PuzzleLine.read({ ...PUZZLE, variant: 'nope' as never })).toBeNull();
  expect(PuzzleLine.read({ ...PUZZLE, fen: 'garbage' })).toBeNull();
});

test('solved: intro, the right move, the reply played, the last move solves', () => {
  const run = new PuzzleRun(PuzzleLine.read(PUZZLE)!);
  expect(run.status).toBe('intro');
  expect(run.playIntro().path).toEqual([5, 9]);
  expect(run.status).toBe('play');
  expect(run.position.turn).toBe('white');
  expect(run.hint()).toBe(17);
  expect(run.hinted).toBe(true);
  expect(run.attempt(move(run.position, '17-14'))).toBe('right');
  expect(run.status).toBe('reply');
  expect(run.hint()).toBeNull();
  expect(run.playReply().path).toEqual([10, 17]);
  expect(run.attempt(move(run.position, '21x5'))).toBe('solved');
  expect(run.status).toBe('solved');
  expect(run.position.fen).toBe(PuzzleLine.read(PUZZLE)!.positions[4].fen);
  // Nothing more is taken once it is over.
  expect(run.attempt(run.position.legalMoves()[0])).toBe('wrong');
  expect(run.status).toBe('solved');
});

test('a wrong move is shown, marked and fails the puzzle; the solution goes on from before it', () => {
  const run = new PuzzleRun(PuzzleLine.read(PUZZLE)!);
  run.playIntro();
  const before = run.position;
  const wrong = move(before, '18-14');
  expect(run.attempt(wrong)).toBe('wrong');
  expect(run.status).toBe('failed');
  expect(run.wrong).toBe(true);
  expect(run.lastMove).toBe(wrong);
  expect(run.position.fen).toBe(before.play(wrong).fen);
  run.rewind();
  expect(run.wrong).toBe(false);
  expect(run.position.fen).toBe(before.fen);
  const shown: string[] = [];
  for (let m = run.stepSolution(); m; m = run.stepSolution()) shown.push(moveTextOf(m));
  expect(shown).toEqual(['17-14', '10-17', '21-5']);
  expect(run.status).toBe('failed');
  expect(run.position.fen).toBe(PuzzleLine.read(PUZZLE)!.positions[4].fen);
});

test('an accepted alternative at its index solves at once; elsewhere it is wrong', () => {
  const line = PuzzleLine.read({ ...PUZZLE, accepted: [[1, '18-14']] })!;
  const run = new PuzzleRun(line);
  run.playIntro();
  expect(run.attempt(move(run.position, '18-14'))).toBe('solved');
  expect(run.status).toBe('solved');
  const other = PuzzleLine.read({ ...PUZZLE, accepted: [[3, '18-14']] })!;
  expect(other.judge(1, move(other.positions[1], '18-14'))).toBe('wrong');
});

test('a move is the same as its text in its position, and no other', () => {
  const pos = PuzzleLine.read(PUZZLE)!.positions[3];
  const take = move(pos, '21x5');
  expect(sameMove(pos, take, '21x5')).toBe(true);
  expect(sameMove(pos, take, take.path.join('x'))).toBe(true);
  expect(sameMove(pos, take, '21x13')).toBe(false);
  const quiet = move(PuzzleLine.read(PUZZLE)!.positions[1], '17-14');
  expect(sameMove(PuzzleLine.read(PUZZLE)!.positions[1], quiet, '17-13')).toBe(false);
});
