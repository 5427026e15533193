import { Module } from '@nestjs/common';
import { PlayersModule } from '../players/players.module.js';
import { TokensModule } from '../tokens/tokens.module.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsService } from './accounts.service.js';
import { AccountClosure } from './account-closure.js';

@Module({
  imports: [PlayersModule, TokensModule],
  controllers: [AccountsController],
  providers: [AccountsService, AccountClosure],
  exports: [AccountClosure],
})
export class AccountsModule {}
