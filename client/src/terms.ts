/**
 * What a challenge's terms, a decline reason and a correspondence deadline say to a person.
 * Text only: no DOM, no network (the views place it, the controllers pick it).
 */
import { getVariant } from '../../src/rules/index.js';
import type {
  Challenge,
  DeclineReason,
  MatchPlayer,
  TimeControl,
} from '../../src/common/protocol.js';

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

const FRACTIONS: Record<number, string> = { 0.25: '¼', 0.5: '½', 0.75: '¾' };

/** "5+3": minutes and seconds of increment; "½+0" for thirty seconds. */
export function clockText(c: TimeControl): string {
  const minutes = c.initial / MINUTE_MS;
  const m = FRACTIONS[minutes] ?? String(Number(minutes.toFixed(2)));
  return `${m}+${Math.round(c.increment / 1000)}`;
}

/** A game's pace: a clock, days per move (correspondence), or none. */
export function paceText(t: { clock: TimeControl | null; days: number | null }): string {
  if (t.clock) return clockText(t.clock);
  if (t.days) return `${t.days} ${t.days === 1 ? 'day' : 'days'} per move`;
  return 'No clock';
}

/** A rating as shown ("1523", "1500?" while provisional), or "" where there is none. */
export const ratingText = (p: Pick<MatchPlayer, 'rating' | 'provisional'>): string =>
  p.rating === undefined ? '' : `${p.rating}${p.provisional ? '?' : ''}`;

/** One line: "Brazilian · 5+3 · rated". */
export const termsLine = (c: Challenge): string =>
  [getVariant(c.variant).name, paceText(c), c.rated ? 'rated' : 'casual'].join(' · ');

/** Who plays which colour, from the point of view of `me` (the challenger or not). */
export function colourText(c: Challenge, me: string | undefined): string {
  if (c.color === 'random') return 'Random';
  const other = c.color === 'white' ? 'black' : 'white';
  if (me === c.challenger.id) return `You play ${c.color}`;
  return `${c.challenger.name} plays ${c.color}, you play ${other}`;
}

/** What the challenger reads when a challenge is declined (as the decliner's own words). */
export const DECLINE_TEXT: Record<DeclineReason, string> = {
  generic: 'I am not accepting challenges at the moment.',
  later: 'This is not the right time for me: please ask again later.',
  tooFast: 'This time control is too fast for me: please challenge again with a slower game.',
  tooSlow: 'This time control is too slow for me: please challenge again with a faster game.',
  timeControl: 'I am not accepting challenges with this time control.',
  rated: 'Please send me a rated challenge instead.',
  casual: 'Please send me a casual challenge instead.',
  variant: 'I am not willing to play this variant right now.',
};

/** The reasons as the decliner picks them. */
export const DECLINE_LABEL: Record<DeclineReason, string> = {
  generic: 'No reason given',
  later: 'Not now, later',
  tooFast: 'Too fast',
  tooSlow: 'Too slow',
  timeControl: 'Not this time control',
  rated: 'Rated games only',
  casual: 'Casual games only',
  variant: 'Not this variant',
};

/** How a closed challenge ended, as its parties and watchers read it. */
export function closedText(c: Challenge, me: string | undefined): string {
  switch (c.status) {
    case 'open':
      return 'Open: waiting for an answer.';
    case 'accepted':
      return 'Accepted: the game is on.';
    case 'declined': {
      const why = c.declineReason ? ` “${DECLINE_TEXT[c.declineReason]}”` : '';
      return me === c.challenger.id
        ? `${c.dest?.name ?? 'Your opponent'} declined your challenge.${why}`
        : `This challenge was declined.${why}`;
    }
    case 'cancelled':
      return me === c.challenger.id
        ? 'You cancelled this challenge.'
        : 'The challenger cancelled this challenge.';
    case 'expired':
      return 'This challenge expired before anyone accepted it.';
  }
}

/** Time left to move in a correspondence game: "2 days left", "5 hours left", "3 minutes left". */
export function deadlineText(left: number): string {
  if (left <= 0) return 'time is up';
  const hours = Math.ceil(left / HOUR_MS);
  if (hours >= 48) return `${Math.floor(hours / 24)} days left`;
  if (hours >= 2) return `${hours} hours left`;
  const minutes = Math.ceil(left / MINUTE_MS);
  return minutes === 1 ? '1 minute left' : `${minutes} minutes left`;
}
