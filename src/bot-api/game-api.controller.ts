import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Logger,
  Param,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import { DomainError } from '../common/errors.js';
import { parsePayload, uuid } from '../common/validation.js';
import { ChatService } from '../chat/chat.service.js';
import { chatText } from '../chat/chat-text.js';
import { LifecycleService } from '../matches/index.js';
import { MovementService } from '../matches/index.js';
import { RestMove } from '../matches/index.js';
import { BotAccountsService, type PlayApi } from './bot-accounts.service.js';
import { EventStreamsService } from './event-streams.service.js';
import { parseMoveSquares } from './game-lines.js';
import { GameStreamsService } from './game-streams.service.js';
import { NdjsonStream } from './ndjson.js';
import { ApiPlayer, ApiZodBody, ApiZodQuery } from '../common/openapi.js';

const Api = z.enum(['bot', 'board']);
const MoveQuery = z
  .object({
    offeringDraw: z.enum(['true', 'false']).optional(),
    /** v1.11: the ply the move is made at (another: NOT_YOUR_TURN, as on the socket). */
    ply: z
      .string()
      .regex(/^\d{1,7}$/, 'ply must be a whole number')
      .transform(Number)
      .optional(),
  })
  .strict();
const DrawAnswer = z.enum(['yes', 'no', 'true', 'false']);
/** `yes` / `true`: offer (or accept the standing offer); `no` / `false`: decline. */
const offerAction = (accept: string): 'offer' | 'decline' => {
  const answer = parsePayload(DrawAnswer, accept);
  return answer === 'yes' || answer === 'true' ? 'offer' : 'decline';
};
/** lichess's shape: `room` is `player`, the players' room (a player's only room). */
const ChatBody = z.object({ room: z.literal('player'), text: chatText }).strict();

type Headers = Record<string, unknown>;

/**
 * The Bot and Board APIs' game endpoints (docs/BOT-API.md): the event stream, a game's stream
 * and its actions. Same paths under /api/bot (bot accounts, `bot:play`) and /api/board (people,
 * `board:play`); the actions go through the same services as the sockets' (one pipeline).
 */
@ApiTags('bot and board APIs')
@Controller('api')
@ApiPlayer()
export class GameApiController {
  private readonly log = new Logger('GameApi');
  constructor(
    private readonly access: BotAccountsService,
    private readonly events: EventStreamsService,
    private readonly games: GameStreamsService,
    private readonly movement: MovementService,
    private readonly lifecycle: LifecycleService,
    private readonly chat: ChatService,
  ) {}

  @Get('account')
  @ApiOperation({
    summary: "The token's account: { id, username, title?, scopes } (a personal token, any scope)",
  })
  async account(@Headers('authorization') authorization: unknown) {
    const h = await this.access.holder(authorization);
    return {
      id: h.id,
      username: h.name,
      ...(h.bot ? { title: 'BOT' as const } : {}),
      scopes: h.scopes,
    };
  }

  @Post('bot/account/upgrade')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Turn this account into a bot (token with bot:play; irreversible; only an account with no games) -> { ok: true }',
  })
  async upgrade(@Headers('authorization') authorization: unknown) {
    await this.access.upgrade(await this.access.scoped(authorization, 'bot:play'));
    return { ok: true };
  }

  @Get('stream/event')
  @ApiOperation({
    summary:
      'NDJSON: gameStart, gameFinish, challenge, challengeCanceled, challengeDeclined (token with challenge:read, bot:play or board:play); an empty line every 6 s; a newer stream of the same token closes this one',
  })
  async eventStream(@Headers('authorization') authorization: unknown, @Res() res: Response) {
    const holder = await this.access.challenger(authorization, 'challenge:read');
    await this.events.open(holder, () => new NdjsonStream(res));
  }

  @Get(':api/game/stream/:id')
  @ApiOperation({
    summary:
      'NDJSON: gameFull, then gameState after every change, opponentGone; ends after the game (bot: bot:play, board: board:play)',
  })
  async gameStream(
    @Param('api') api: string,
    @Param('id') id: string,
    @Headers('authorization') authorization: unknown,
    @Res() res: Response,
  ) {
    const { player, matchId } = await this.player(api, id, authorization);
    await this.games.open(player, matchId, () => new NdjsonStream(res));
  }

  @Post(':api/game/:id/move/:move')
  @ApiZodQuery(MoveQuery)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Play a move: 32-28, 26x17x8 (or 26x8 when unambiguous); ?offeringDraw=true; ?ply=N (v1.11)',
  })
  async move(
    @Param('api') api: string,
    @Param('id') id: string,
    @Param('move') text: string,
    @Query() query: unknown,
    @Headers('authorization') authorization: unknown,
  ) {
    const squares = parseMoveSquares(text);
    if (!squares) throw new DomainError('INVALID_PAYLOAD', `"${text}" is not a move like 32-28`);
    const req = parsePayload(
      RestMove,
      squares.length === 2 ? { from: squares[0], to: squares[1] } : { path: squares },
    );
    const { offeringDraw, ply } = parsePayload(MoveQuery, query);
    const { player, matchId } = await this.player(api, id, authorization);
    await this.movement.move(player, matchId, { ...req, ply });
    if (offeringDraw === 'true') {
      // The move is stored and acked whatever comes next: an offer that cannot be made (the
      // move ended the game, this side's offer stands, the database hiccupped) is only logged.
      await this.lifecycle.draw(player, matchId, 'offer').catch((e: unknown) => {
        if (!(e instanceof DomainError && ['MATCH_OVER', 'REFUSED'].includes(e.code)))
          this.log.warn(`draw offer after a move in ${matchId}: ${String(e)}`);
      });
    }
    return { ok: true };
  }

  @Post(':api/game/:id/resign')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resign' })
  async resign(
    @Param('api') api: string,
    @Param('id') id: string,
    @Headers('authorization') authorization: unknown,
  ) {
    const { player, matchId } = await this.player(api, id, authorization);
    await this.lifecycle.resign(player, matchId);
    return { ok: true };
  }

  @Post(':api/game/:id/abort')
  @HttpCode(200)
  @ApiOperation({ summary: 'Abort (before both sides have moved)' })
  async abort(
    @Param('api') api: string,
    @Param('id') id: string,
    @Headers('authorization') authorization: unknown,
  ) {
    const { player, matchId } = await this.player(api, id, authorization);
    await this.lifecycle.abort(player, matchId);
    return { ok: true };
  }

  @Post(':api/game/:id/draw/:accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'yes: offer a draw, or accept the standing offer; no: decline it' })
  async draw(
    @Param('api') api: string,
    @Param('id') id: string,
    @Param('accept') accept: string,
    @Headers('authorization') authorization: unknown,
  ) {
    const action = offerAction(accept);
    const { player, matchId } = await this.player(api, id, authorization);
    await this.lifecycle.draw(player, matchId, action);
    return { ok: true };
  }

  @Post(':api/game/:id/takeback/:accept')
  @HttpCode(200)
  @ApiOperation({
    summary: 'yes: ask for a takeback, or accept the standing request; no: decline it (v1.11)',
  })
  async takeback(
    @Param('api') api: string,
    @Param('id') id: string,
    @Param('accept') accept: string,
    @Headers('authorization') authorization: unknown,
  ) {
    const action = offerAction(accept);
    const { player, matchId } = await this.player(api, id, authorization);
    await this.lifecycle.takeback(player, matchId, action);
    return { ok: true };
  }

  @Post(':api/game/:id/chat')
  @HttpCode(200)
  @ApiZodBody(ChatBody)
  @ApiOperation({ summary: "Say a line in the game's chat: { room: player, text } (v1.11)" })
  async say(
    @Param('api') api: string,
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers('authorization') authorization: unknown,
  ) {
    const { text } = parsePayload(ChatBody, body);
    const { player, matchId } = await this.player(api, id, authorization);
    await this.chat.say(player, matchId, 'players', text, false);
    return { ok: true };
  }

  @Post(':api/game/:id/claim-victory')
  @HttpCode(200)
  @ApiOperation({ summary: 'Claim the win: the opponent has been gone past the grace period' })
  async claim(
    @Param('api') api: string,
    @Param('id') id: string,
    @Headers('authorization') authorization: unknown,
  ) {
    const { player, matchId } = await this.player(api, id, authorization);
    await this.lifecycle.claim(player, matchId);
    return { ok: true };
  }

  /** The path checked at the edge, then the token: the API's scope and account kind. */
  private async player(api: string, id: string, authorization: unknown) {
    const which: PlayApi = parsePayload(Api, api);
    const matchId = parsePayload(uuid, id);
    return { player: await this.access.player(authorization, which), matchId };
  }
}
