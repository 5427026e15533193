import { Module } from '@nestjs/common';
import { PlayersModule } from '../players/players.module.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsService } from './accounts.service.js';

@Module({
  imports: [PlayersModule],
  controllers: [AccountsController],
  providers: [AccountsService],
})
export class AccountsModule {}
