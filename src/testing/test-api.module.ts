import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/index.js';
import { TournamentsModule } from '../tournaments/index.js';
import { TestApiController } from './test-api.controller.js';

@Module({ imports: [MatchesModule, TournamentsModule], controllers: [TestApiController] })
export class TestApiModule {}
