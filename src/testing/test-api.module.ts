import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/index.js';
import { TestApiController } from './test-api.controller.js';

@Module({ imports: [MatchesModule], controllers: [TestApiController] })
export class TestApiModule {}
