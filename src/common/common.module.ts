import { Global, Module } from '@nestjs/common';
import { RealtimeService } from './realtime.service.js';

@Global()
@Module({ providers: [RealtimeService], exports: [RealtimeService] })
export class CommonModule {}
