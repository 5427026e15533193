import { type DynamicModule, Module } from '@nestjs/common';
import { RealtimeModule } from './realtime/realtime.module.js';
import { CONFIG, type Config } from './config.js';
import { systemTime, TIME, type TimeSource } from './common/time.js';
import { BlocksModule } from './blocks/index.js';
import { ModerationModule } from './moderation/index.js';
import { ChallengesModule } from './challenges/challenges.module.js';
import { ChatModule } from './chat/chat.module.js';
import { TokensModule } from './tokens/tokens.module.js';
import { GameAnalysisModule } from './game-analysis/game-analysis.module.js';
import { BotApiModule } from './bot-api/bot-api.module.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { ComputerModule } from './computer/index.js';
import { HealthModule } from './health/health.module.js';
import { MatchesModule } from './matches/index.js';
import { MatchmakingModule } from './matchmaking/index.js';
import { NotificationsModule } from './notifications/index.js';
import { FairplayModule } from './fairplay/index.js';
import { PersistenceModule } from './persistence/persistence.module.js';
import { PlayersModule } from './players/players.module.js';
import { ProfilesModule } from './profiles/profiles.module.js';
import { PuzzlesModule } from './puzzles/index.js';
import { ExplorerModule } from './explorer/index.js';
import { RulesModule } from './rules-http/rules.module.js';
import { SocialModule } from './social/index.js';
import { TestApiModule } from './testing/test-api.module.js';
import { TournamentsModule } from './tournaments/index.js';
import { TvModule } from './tv/index.js';
import { WebModule } from './web/web.module.js';

@Module({})
export class AppModule {
  /** `time`: the system clock, unless a test gives another (correspondence deadlines). */
  static forRoot(config: Config, time: TimeSource = systemTime): DynamicModule {
    return {
      module: AppModule,
      imports: [
        {
          module: ConfigHolder,
          global: true,
          providers: [
            { provide: CONFIG, useValue: config },
            { provide: TIME, useValue: time },
          ],
          exports: [CONFIG, TIME],
        },
        RealtimeModule,
        PersistenceModule,
        PlayersModule,
        AccountsModule,
        NotificationsModule,
        TokensModule,
        ProfilesModule,
        MatchesModule,
        MatchmakingModule,
        FairplayModule,
        ChallengesModule,
        TournamentsModule,
        PuzzlesModule,
        ExplorerModule,
        SocialModule,
        TvModule,
        ChatModule,
        BlocksModule,
        ModerationModule,
        ComputerModule,
        BotApiModule,
        GameAnalysisModule,
        RulesModule,
        HealthModule,
        ...(config.testApi ? [TestApiModule] : []),
        WebModule,
      ],
    };
  }
}

@Module({})
class ConfigHolder {}
