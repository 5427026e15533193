import { Global, Module } from '@nestjs/common';
import { RealtimeService } from './realtime.service.js';

/** The announcement runner, shared by every capability that changes a match. */
@Global()
@Module({ providers: [RealtimeService], exports: [RealtimeService] })
export class RealtimeModule {}
