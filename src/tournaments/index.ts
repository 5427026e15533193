/** The tournaments module's one entrance: arenas and Swiss events. */
export { TournamentsModule } from './tournaments.module.js';
export { TournamentsService } from './tournaments.service.js';
export { ArenaClock, type WaveStat } from './arena-clock.service.js';
export { SwissRounds, type RoundStat } from './swiss-rounds.service.js';
