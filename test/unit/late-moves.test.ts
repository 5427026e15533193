/** LateMoves: which moves heard from another process are late copies of what a room was told. */
import { announcement, type Announcement } from '../../src/realtime/announcement.js';
import { LateMoves } from '../../src/realtime/late-moves.js';
import type { MatchState, MoveEvent } from '../../src/common/protocol.js';

const G = 'game-1';
const move = (ply: number, matchId = G): Announcement =>
  announcement(matchId, 'match:move', { matchId, ply } as MoveEvent);
const takeback = (ply: number): Announcement =>
  announcement(G, 'match:takeback', {
    matchId: G,
    action: 'accept',
    by: 'white',
    match: { id: G, ply } as MatchState,
  });
const end = (): Announcement =>
  announcement(G, 'match:end', {
    matchId: G,
    result: { winner: 'white', reason: 'resign' },
    match: { id: G } as MatchState,
  });

type Step = ['here' | 'there', Announcement];

describe('LateMoves', () => {
  test.each<[string, Step[], Announcement, boolean]>([
    ['a game never told is not late', [], move(5), false],
    ['the next ply is not late', [['there', move(4)]], move(5), false],
    ['the same ply again is late', [['there', move(5)]], move(5), true],
    // The failover race: ply 6 committed here by a player who read ply 5 from the database.
    ['an older ply after a newer one here is late', [['here', move(6)]], move(5), true],
    ['another game is not affected', [['here', move(6)]], move(5, 'game-2'), false],
    [
      'a takeback brings the ply back: the new line is not late',
      [
        ['there', move(8)],
        ['there', takeback(6)],
      ],
      move(7),
      false,
    ],
    [
      'a move committed here sets the line, even below what was heard',
      [
        ['there', move(8)],
        ['here', move(6)],
      ],
      move(7),
      false,
    ],
    [
      'a move heard from elsewhere only raises it',
      [
        ['here', move(8)],
        ['there', move(6)],
      ],
      move(7),
      true,
    ],
    [
      'the game ended: forgotten',
      [
        ['there', move(8)],
        ['there', end()],
      ],
      move(3),
      false,
    ],
  ])('%s', (_name, steps, heard, late) => {
    const l = new LateMoves();
    for (const [where, n] of steps) l.told(n, where === 'here');
    expect(l.late(heard)).toBe(late);
  });

  test('only moves are ever late', () => {
    const l = new LateMoves();
    l.told(move(9), true);
    expect(l.late(takeback(3))).toBe(false);
    expect(l.late(end())).toBe(false);
  });
});
