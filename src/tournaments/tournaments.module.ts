import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { BlocksModule } from '../blocks/index.js';
import { MatchesModule } from '../matches/index.js';
import { NotificationsModule } from '../notifications/index.js';
import { PlayersModule } from '../players/players.module.js';
import { SocialModule } from '../social/index.js';
import { TokensModule } from '../tokens/tokens.module.js';
import { ArenaClock } from './arena-clock.service.js';
import { SwissController } from './swiss.controller.js';
import { SwissRounds } from './swiss-rounds.service.js';
import { TournamentScores } from './tournament-scores.js';
import { TournamentStore } from './tournament-store.js';
import { TournamentsController } from './tournaments.controller.js';
import { TournamentsGateway } from './tournaments.gateway.js';
import { TournamentsService } from './tournaments.service.js';

/** Arenas and Swiss events: entries, pairing, scores in the games' endings, standings. */
@Module({
  imports: [
    AccountsModule,
    BlocksModule,
    MatchesModule,
    NotificationsModule,
    PlayersModule,
    SocialModule,
    TokensModule,
  ],
  controllers: [TournamentsController, SwissController],
  providers: [
    TournamentStore,
    TournamentScores,
    TournamentsService,
    ArenaClock,
    SwissRounds,
    TournamentsGateway,
  ],
  exports: [TournamentsService, ArenaClock, SwissRounds],
})
export class TournamentsModule {}
