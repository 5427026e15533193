/**
 * The Bot / Board APIs' lines as values: a game's full state (`gameFull`), its state after each
 * change (`gameState`), and a game as the event stream tells it. A GameTrack follows one game from
 * the room's events; it reports when it cannot follow (a gap), and the stream reads again.
 */
import type {
  Clock,
  GameFullLine,
  GameStateLine,
  MatchEnd,
  MatchState,
  MatchSummary,
  MoveEvent,
  StreamGame,
} from '../common/protocol.js';
import type { Color, GameResult } from '../rules/index.js';

/** PDN numeric notation with every landing square of a capture: `32-28`, `26x17x8`. */
export const moveText = (m: { path: readonly number[]; captures: readonly number[] }): string =>
  m.captures.length > 0 ? m.path.join('x') : m.path.join('-');

/** Reads `32-28`, `26x17x8` (or `26x8`): the squares, or null if it is not a move's shape. */
export function parseMoveSquares(text: string): number[] | null {
  if (!/^\d{1,2}(?:[-x]\d{1,2})+$/.test(text)) return null;
  return text.split(/[-x]/).map(Number);
}

/** What a game stream has said of a game: enough to say the next gameState. */
export interface GameTrack {
  ply: number;
  moves: string[];
  /** The position after them. */
  fen: string;
  clock: Clock | null;
  increment: number | null;
  status: 'active' | 'finished';
  result: GameResult | null;
  drawOffer: Color | null;
  takebackOffer: Color | null;
}

export function trackOf(state: MatchState, moves: string[]): GameTrack {
  return {
    ply: state.ply,
    moves,
    fen: state.fen,
    clock: state.clock,
    increment: state.timeControl?.increment ?? null,
    status: state.status,
    result: state.result,
    drawOffer: state.drawOffer,
    takebackOffer: state.takebackOffer,
  };
}

export function stateLine(t: GameTrack): GameStateLine {
  const line: GameStateLine = {
    type: 'gameState',
    moves: t.moves.join(' '),
    fen: t.fen,
    wtime: t.clock?.white ?? null,
    btime: t.clock?.black ?? null,
    winc: t.clock ? t.increment : null,
    binc: t.clock ? t.increment : null,
    status: t.status,
    wdraw: t.drawOffer === 'white',
    bdraw: t.drawOffer === 'black',
    wtakeback: t.takebackOffer === 'white',
    btakeback: t.takebackOffer === 'black',
  };
  if (t.result) {
    line.winner = t.result.winner;
    line.reason = t.result.reason;
    if (t.result.rule) line.rule = t.result.rule;
  }
  return line;
}

export function fullLine(state: MatchState, t: GameTrack): GameFullLine {
  return {
    type: 'gameFull',
    id: state.id,
    variant: state.variant,
    speed: state.speed,
    rated: state.rated,
    clock: state.timeControl,
    days: state.correspondence?.days ?? null,
    white: state.white,
    black: state.black,
    computer: state.computer,
    initialFen: state.initialFen,
    createdAt: state.createdAt,
    state: stateLine(t),
  };
}

/**
 * The track after one room event: 'same' (nothing new: a repeat, or news of nothing shown),
 * 'gap' (a move or an end this track cannot place: read the game again), or the new track.
 */
export function follow(
  t: GameTrack,
  ev: { event: 'match:move'; payload: MoveEvent } | { event: 'match:end'; payload: MatchEnd },
): GameTrack | 'same' | 'gap' {
  if (t.status === 'finished') return 'same';
  switch (ev.event) {
    case 'match:move': {
      const m = ev.payload;
      if (m.ply <= t.ply) return 'same';
      if (m.ply !== t.ply + 1) return 'gap';
      return {
        ...t,
        ply: m.ply,
        moves: [...t.moves, moveText(m)],
        fen: m.fen,
        clock: m.clock,
        // A move answers the opponent's offer (declines it); the mover's own stands.
        drawOffer: t.drawOffer === m.by ? t.drawOffer : null,
        takebackOffer: null, // any move lapses it
      };
    }
    case 'match:end': {
      const s = ev.payload.match;
      if (s.ply !== t.ply) return 'gap';
      return {
        ...t,
        status: 'finished',
        result: ev.payload.result,
        fen: s.fen,
        clock: s.clock,
        drawOffer: null,
        takebackOffer: null,
      };
    }
  }
}

/** A game from `playerId`'s side, as the event stream tells it. */
export function streamGame(s: MatchSummary & { fen: string }, playerId: string): StreamGame {
  const color: Color = s.white.id === playerId ? 'white' : 'black';
  const game: StreamGame = {
    id: s.id,
    variant: s.variant,
    speed: s.speed,
    rated: s.rated,
    color,
    opponent: color === 'white' ? s.black : s.white,
    fen: s.fen,
    isMyTurn: s.status === 'active' && s.turn === color,
    clock: s.timeControl,
    days: s.correspondence?.days ?? null,
    computer: s.computer,
    status: s.status,
  };
  if (s.result) {
    game.winner = s.result.winner;
    game.reason = s.result.reason;
  }
  return game;
}
