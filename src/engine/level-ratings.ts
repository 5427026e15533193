/**
 * Each computer level's approximate rating, shown where a player picks a level ("3 · ~950").
 * Levels 1-3 from their games against scripted players (`npm run bench:levels`), level 4 from
 * its games against the best of them, levels 5-8 from the ladder's steps: docs/ENGINE.md says how. A module of its own, with no
 * imports, so that the browser client can show them without the engine.
 */
export const LEVEL_RATINGS: readonly number[] = [300, 650, 950, 1450, 1600, 1750, 1850, 1950];
