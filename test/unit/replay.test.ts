/** The client's stepping through a game (client/src/game.ts): pure, no DOM. */
import {
  captured,
  goTo,
  newRound,
  shownPly,
  shownPosition,
} from '../../client/src/pages/game/round.js';
import type { MatchState, MoveEvent } from '../../src/common/protocol.js';
import { Position } from '../../src/rules/index.js';

/** A brazilian game of the first legal move, `plies` long, as the client would build it. */
function game(plies: number) {
  let pos = Position.initial('brazilian');
  const history: MoveEvent[] = [];
  const positions = [pos];
  for (let i = 0; i < plies; i++) {
    const m = pos.legalMoves()[0];
    history.push({ path: [...m.path] } as MoveEvent);
    pos = pos.play(m);
    positions.push(pos);
  }
  const state = {
    id: 'g',
    variant: 'brazilian',
    initialFen: positions[0].fen,
    fen: pos.fen,
  } as MatchState;
  return { g: newRound(state, null, history), positions };
}

test('follows the game until stepped back; the last ply follows it again', () => {
  const { g, positions } = game(6);
  expect(g.cursor).toBeNull();
  expect(shownPly(g)).toBe(6);
  expect(shownPosition(g).fen).toBe(positions[6].fen);
  goTo(g, 2);
  expect(g.cursor).toBe(2);
  expect(shownPosition(g).fen).toBe(positions[2].fen);
  goTo(g, 6);
  expect(g.cursor).toBeNull();
});

test.each([
  [-3, 0],
  [0, 0],
  [3.4, 3],
  [99, null],
  [Infinity, null],
])('goTo(%p) shows ply %p (clamped)', (to, cursor) => {
  const { g } = game(6);
  goTo(g, to);
  expect(g.cursor).toBe(cursor);
});

test('captured pieces by the ply shown, against the start', () => {
  const { g, positions } = game(6);
  for (let ply = 0; ply <= 6; ply++) {
    goTo(g, ply);
    const lost = captured(g, shownPosition(g));
    const pos = positions[ply];
    const left = (c: 'white' | 'black') => pos.count(c).men + pos.count(c).kings;
    expect(lost).toEqual({ white: 12 - left('white'), black: 12 - left('black') });
  }
  goTo(g, 6);
  const end = captured(g, shownPosition(g));
  expect(end.white + end.black).toBeGreaterThan(0);
});
