import { BlocksModule } from '../blocks/index.js';
import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/index.js';
import { PlayersModule } from '../players/players.module.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { LifecycleService } from './lifecycle.service.js';
import { MatchesController } from './matches.controller.js';
import { MyGamesController } from './my-games.controller.js';
import { MatchesGateway } from './matches.gateway.js';
import { MatchesService } from './matches.service.js';
import { MovementService } from './movement.service.js';
import { ClockService } from './clock.service.js';
import { Finisher } from './finisher.js';
import { GameEndings } from './game-endings.js';
import { ComputerClaims } from './computer-claims.js';
import { MatchQueries } from './match-queries.js';
import { MatchStarter } from './match-starter.js';
import { MatchStore } from './match-store.js';
import { RoomSync } from './room-sync.js';
import { OutageService } from './outage.service.js';
import { PresenceService } from './presence.service.js';

@Module({
  imports: [BlocksModule, NotificationsModule, PlayersModule, RatingsModule],
  controllers: [MatchesController, MyGamesController],
  providers: [
    MatchStore,
    ComputerClaims,
    MatchQueries,
    MatchStarter,
    Finisher,
    GameEndings,
    MatchesService,
    MovementService,
    LifecycleService,
    PresenceService,
    ClockService,
    OutageService,
    RoomSync,
    MatchesGateway,
  ],
  exports: [
    ComputerClaims,
    GameEndings,
    MatchQueries,
    MatchStore,
    MatchStarter,
    MatchesService,
    MovementService,
    LifecycleService,
    PresenceService,
    RoomSync,
    RatingsModule,
  ],
})
export class MatchesModule {}
