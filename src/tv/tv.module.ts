import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/index.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { TvController } from './tv.controller.js';
import { TvService } from './tv.service.js';

/** TV: each variant's featured game and its feed (PROTOCOL.md v1.19). */
@Module({
  imports: [MatchesModule, RatingsModule],
  controllers: [TvController],
  providers: [TvService],
})
export class TvModule {}
