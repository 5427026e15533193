/**
 * What a tournament's terms, entry conditions and countdown say to a person, in the page's
 * language (the list and an arena's page). Text only: no DOM, no network.
 */
import type { Tournament } from '../../../src/common/protocol.js';
import { countdown, countdownText } from './countdown-rules.js';
import { t, variantName } from './i18n/index.js';
import { paceText } from './terms.js';

/** "Arena · Brazilian · 3+2 · rated · 30 min · private", "Swiss · … · Rounds: 7". */
export function tournamentTerms(tour: Tournament): string {
  return [
    t(tour.kind === 'swiss' ? 'tournaments.swiss' : 'tournaments.arena'),
    variantName(tour.variant),
    paceText(tour),
    t(tour.rated ? 'terms.rated' : 'terms.casual'),
    ...(tour.minutes ? [t('tournaments.minutes', { n: tour.minutes })] : []),
    ...(tour.rounds ? [t('tournaments.rounds', { n: tour.rounds })] : []),
    ...(tour.private ? [t('tournaments.private')] : []),
  ].join(' · ');
}

/** Who may enter, each condition a phrase ("At least 10 rated games"); none: empty. */
export function conditionsText(tour: Tournament): string {
  const c = tour.conditions;
  return [
    ...(c.minRatedGames ? [t('tournaments.minRatedGames', { n: c.minRatedGames })] : []),
    ...(c.minRating ? [t('tournaments.minRating', { n: c.minRating })] : []),
    ...(c.maxRating ? [t('tournaments.maxRating', { n: c.maxRating })] : []),
  ].join(' · ');
}

/** "Starts in 4:05", "Ends in 12:00", "Starting…" at the time; "" once over. */
export function countdownLine(tour: Tournament, now = Date.now()): string {
  const c = countdown(tour, now);
  if (!c) return '';
  if (c.ms <= 0) return t(c.to === 'start' ? 'tournaments.starting' : 'tournaments.ending');
  const time = countdownText(c.ms);
  return t(c.to === 'start' ? 'tournaments.startsIn' : 'tournaments.endsIn', { time });
}
