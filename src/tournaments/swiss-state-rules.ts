/**
 * A Swiss event as the server stores it (players' lines with pairing numbers, and each round's
 * TRF code per player) turned into what the Dutch pairing reads (src/tournaments/swiss/) and what
 * the tie-breaks read. Pure, so the round's pairing is a function of the stored state.
 */
import type { Colour, PairingInput, RoundRecord, SwissPlayer } from './swiss/types.js';
import type { SwissPlayerRecord, SwissRound } from './swiss/swiss-tiebreak-rules.js';
import { swissPoints, type SwissCode } from './swiss-results.js';

/** A stored round line (swiss_results). */
export interface RoundLine {
  round: number;
  playerId: string;
  opponentId: string | null;
  color: 'w' | 'b' | null;
  /** null while the game is being played. */
  result: SwissCode | null;
}

/** A stored player (tournament_players) as the pairing needs it. */
export interface SwissEntrant {
  playerId: string;
  pairingNumber: number;
  /** Paired this round: active (not paused or withdrawn). */
  present: boolean;
}

/** Each player's rounds 1..`upTo`, keyed by player (a missing round is 'Z': not paired). */
export function roundsOf(lines: readonly RoundLine[], upTo: number) {
  const by = new Map<string, (RoundLine | undefined)[]>();
  for (const l of lines) {
    if (l.round > upTo) continue;
    const rounds = by.get(l.playerId) ?? Array.from({ length: upTo }, () => undefined);
    rounds[l.round - 1] = l;
    by.set(l.playerId, rounds);
  }
  return by;
}

/** The Dutch pairing's input for round `round` (rounds before it all complete). */
export function pairingInput(
  entrants: readonly SwissEntrant[],
  lines: readonly RoundLine[],
  round: number,
  totalRounds: number,
): PairingInput {
  const numberOf = new Map(entrants.map((e) => [e.playerId, e.pairingNumber]));
  const by = roundsOf(lines, round - 1);
  const players: SwissPlayer[] = entrants.map((e) => {
    const rounds = by.get(e.playerId) ?? Array.from({ length: round - 1 }, () => undefined);
    const history = rounds.map((l): RoundRecord => recordOf(l, numberOf));
    return {
      id: e.pairingNumber,
      score: history.reduce((s, h) => s + h.points, 0),
      history,
      absent: !e.present,
    };
  });
  players.sort((a, b) => a.id - b.id);
  return { players, round, totalRounds, initialColour: 'white' };
}

function recordOf(l: RoundLine | undefined, numberOf: ReadonlyMap<string, number>): RoundRecord {
  if (!l || l.result === null) return { kind: 'bye', points: 0 };
  const points = swissPoints(l.result);
  const opponent = l.opponentId ? numberOf.get(l.opponentId) : undefined;
  const colour: Colour | undefined =
    l.color === 'w' ? 'white' : l.color === 'b' ? 'black' : undefined;
  switch (l.result) {
    case '1':
    case '=':
    case '0':
      return { kind: 'game', opponent, colour, points };
    case '+':
    case '-':
      return { kind: 'forfeit', opponent, colour, points };
    case 'U':
      return { kind: 'pab', points };
    default:
      return { kind: 'bye', points };
  }
}

/** Each player's rounds as the tie-breaks read them (1/½/0 points). */
export function tiebreakRecords(
  entrants: readonly SwissEntrant[],
  lines: readonly RoundLine[],
  rounds: number,
): SwissPlayerRecord[] {
  const by = roundsOf(lines, rounds);
  return entrants.map((e) => ({
    id: e.playerId,
    rounds: (by.get(e.playerId) ?? []).map((l): SwissRound => {
      if (!l || l.result === null) return { kind: 'absent', points: 0 };
      const points = swissPoints(l.result) / 2;
      if (l.result === '1' || l.result === '=' || l.result === '0')
        return { kind: 'game', opponentId: l.opponentId as string, points: points as 0 | 0.5 | 1 };
      if (l.result === '+' || l.result === '-')
        return { kind: 'forfeit', opponentId: l.opponentId as string, points: points as 0 | 1 };
      if (l.result === 'U') return { kind: 'bye', points };
      return { kind: 'absent', points };
    }),
  }));
}
