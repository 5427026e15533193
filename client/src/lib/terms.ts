/**
 * What a challenge's terms, a decline reason and a correspondence deadline say to a person, in
 * the page's language. Text only: no DOM, no network (the views place it, the controllers pick it).
 */
import type {
  Challenge,
  DeclineReason,
  MatchPlayer,
  TimeControl,
} from '../../../src/common/protocol.js';
import { t, variantName } from './i18n/index.js';
import { displayName } from './display-name.js';

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
export function paceText(pace: { clock: TimeControl | null; days: number | null }): string {
  if (pace.clock) return clockText(pace.clock);
  if (pace.days) return t('clock.daysPerMove', { count: pace.days });
  return t('clock.none');
}

/** A rating as shown ("1523", "1500?" while provisional), or "" where there is none. */
export const ratingText = (p: Pick<MatchPlayer, 'rating' | 'provisional'>): string =>
  p.rating === undefined ? '' : `${p.rating}${p.provisional ? '?' : ''}`;

/** A signed rating difference: "+12", "−242" (a minus sign, not a hyphen). */
export const signedDiff = (d: number): string => `${d >= 0 ? '+' : '−'}${Math.abs(d)}`;

/**
 * A rating before a game and its change, as said after it: 1500 and -242 are "1500", "1258",
 * "−242" (read as "1500 → 1258 (−242)": never a rating of -242).
 */
export const ratingChangeParts = (
  before: number,
  diff: number,
): { before: string; after: string; diff: string } => ({
  before: String(before),
  after: String(before + diff),
  diff: signedDiff(diff),
});

/** One line, a list of the terms: "Brazilian · 5+3 · rated". */
export const termsLine = (c: Challenge): string =>
  [variantName(c.variant), paceText(c), t(c.rated ? 'terms.rated' : 'terms.casual')].join(' · ');

/** Who plays which colour, from the point of view of `me` (the challenger or not). */
export function colourText(c: Challenge, me: string | undefined): string {
  if (c.color === 'random') return t('common.random');
  if (me === c.challenger.id) return t(`terms.youPlay.${c.color}`);
  return t(`terms.theyPlay.${c.color}`, { name: displayName(c.challenger) });
}

/** What the challenger reads when a challenge is declined (as the decliner's own words). */
export const declineText = (r: DeclineReason): string => t(`declineText.${r}`);

/** The reasons as the decliner picks them. */
export const declineLabel = (r: DeclineReason): string => t(`declineLabel.${r}`);

/** How a closed challenge ended, as its parties and watchers read it. */
export function closedText(c: Challenge, me: string | undefined): string {
  switch (c.status) {
    case 'open':
      return t('closed.open');
    case 'accepted':
      return t('closed.accepted');
    case 'declined': {
      const reason = c.declineReason ? declineText(c.declineReason) : null;
      const name = c.dest ? displayName(c.dest) : undefined;
      if (me !== c.challenger.id)
        return reason ? t('closed.declinedWhy', { reason }) : t('closed.declined');
      if (name === undefined)
        return reason
          ? t('closed.declinedYoursAnonWhy', { reason })
          : t('closed.declinedYoursAnon');
      return reason
        ? t('closed.declinedYoursWhy', { name, reason })
        : t('closed.declinedYours', { name });
    }
    case 'cancelled':
      return t(me === c.challenger.id ? 'closed.cancelledByYou' : 'closed.cancelled');
    case 'expired':
      return t('closed.expired');
  }
}

/** Time left to move in a correspondence game: "2 days left", "5 hours left", "3 minutes left". */
export function deadlineText(left: number): string {
  if (left <= 0) return t('clock.timeIsUp');
  const hours = Math.ceil(left / HOUR_MS);
  if (hours >= 48) return t('clock.daysLeft', { count: Math.floor(hours / 24) });
  if (hours >= 2) return t('clock.hoursLeft', { count: hours });
  return t('clock.minutesLeft', { count: Math.ceil(left / MINUTE_MS) });
}
