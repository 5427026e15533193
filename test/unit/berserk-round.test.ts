/** A berserk event on the game page's round (client/src/pages/game/round.ts): pure, no DOM. */
import { applyBerserk, newRound } from '../../client/src/pages/game/round.js';
import type { MatchState } from '../../src/common/protocol.js';
import { Position } from '../../src/rules/index.js';

function round(berserk?: MatchState['berserk']) {
  const fen = Position.initial('brazilian').fen;
  const state = {
    id: 'g',
    variant: 'brazilian',
    initialFen: fen,
    fen,
    clock: { white: 180_000, black: 180_000, running: 'white' },
    berserk,
  } as MatchState;
  return newRound(state, 'white', []);
}

test.each([
  [undefined, { white: true, black: false }],
  [
    { white: false, black: true },
    { white: true, black: true },
  ],
])('berserk by White on %j: marks %j, White’s clock halved', (before, after) => {
  const g = round(before);
  applyBerserk(g, { matchId: 'g', by: 'white', clocks: { white: 90_000, black: 180_000 } });
  expect(g.state.berserk).toEqual(after);
  expect(g.state.clock).toEqual({ white: 90_000, black: 180_000, running: 'white' });
});
