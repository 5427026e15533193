import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainError } from '../common/errors.js';
import type { TokenScope } from '../common/protocol.js';
import { ChallengesService } from '../challenges/challenges.service.js';
import { MatchQueries } from '../matches/index.js';
import { MatchmakingService } from '../matchmaking/index.js';
import { PlayersService } from '../players/players.service.js';
import { TokensService, type TokenHolder } from '../tokens/tokens.service.js';

/** Which API a game request speaks: bots use the Bot API, people the Board API. */
export type PlayApi = 'bot' | 'board';

/**
 * Bot accounts and who may use which API. An account that has never played may become a bot,
 * once and for good (a bot's games and rating are a program's; they are not mixed with a
 * person's). Bots play by challenge only; the queue and lobby seeks refuse them.
 */
@Injectable()
export class BotAccountsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly tokens: TokensService,
    private readonly players: PlayersService,
    private readonly matches: MatchQueries,
    private readonly challenges: ChallengesService,
    private readonly queue: MatchmakingService,
  ) {}

  /**
   * POST /api/bot/account/upgrade (a token with bot:play). Under the player row's lock: no game
   * ever, and nothing that could start one the bot may not play (a lobby seek, the queue).
   */
  async upgrade(holder: TokenHolder): Promise<void> {
    if (holder.bot) return;
    await this.db.transaction(async (em) => {
      await this.players.lock(em, holder.id);
      if (await this.matches.hasPlayed(em, holder.id))
        throw new DomainError(
          'FORBIDDEN',
          'only an account that has never played a game can become a bot: make a new account',
        );
      if (
        (await this.challenges.hasOpenSeek(em, holder.id)) ||
        (await this.queue.isQueued(em, holder.id))
      )
        throw new DomainError('FORBIDDEN', 'leave the queue and cancel your seeks first');
      await this.players.becomeBot(em, holder.id);
    });
  }

  /** The holder of a token for the Bot or the Board API, with the right kind of account. */
  async player(authorization: unknown, api: PlayApi): Promise<TokenHolder> {
    const holder = await this.tokens.require(authorization, `${api}:play`);
    if (api === 'bot' && !holder.bot)
      throw new DomainError(
        'FORBIDDEN',
        'the Bot API is for bot accounts: POST /api/bot/account/upgrade first (an account with no games)',
      );
    if (api === 'board' && holder.bot)
      throw new DomainError('FORBIDDEN', 'a bot account plays through the Bot API (/api/bot/...)');
    return holder;
  }

  /** The holder of a token with `scope`. */
  scoped(authorization: unknown, scope: TokenScope): Promise<TokenHolder> {
    return this.tokens.require(authorization, scope);
  }

  /** The holder of any personal token. */
  holder(authorization: unknown): Promise<TokenHolder> {
    return this.tokens.holder(authorization);
  }

  /** A token that may act on challenges: challenge:write, or either play scope. */
  challenger(authorization: unknown, ...scopes: TokenScope[]): Promise<TokenHolder> {
    return this.tokens.require(authorization, ...scopes, 'bot:play', 'board:play');
  }
}
