import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ApiPlayer, ApiZodBody, ApiZodQuery } from '../common/openapi.js';
import { parsePayload, uuid } from '../common/validation.js';
import { PlayersService } from '../players/players.service.js';
import { MarkBody, OptionalWhyBody, ReportBody, WhyBody } from './moderation-rules.js';
import { ModerationService } from './moderation.service.js';

const username = z.string().min(1).max(40);
const ReportsQuery = z.object({ status: z.enum(['open', 'closed']).default('open') }).strict();

/** Reporting a player: any account (bearer or session). */
@ApiTags('moderation')
@Controller('api')
export class ReportsController {
  constructor(
    private readonly mods: ModerationService,
    private readonly players: PlayersService,
  ) {}

  @Post('report')
  @HttpCode(201)
  @ApiPlayer()
  @ApiZodBody(ReportBody)
  @ApiOperation({
    summary: 'Report a player to the moderators: { username, reason, matchId?, text } -> { id }',
  })
  async report(@Body() body: unknown, @Headers() headers: Record<string, unknown>) {
    const player = await this.players.identify(headers);
    return this.mods.report(player, parsePayload(ReportBody, body));
  }
}

/**
 * The moderators' routes: each asks for a moderator first (FORBIDDEN for anyone else, before
 * anything else is read or checked), then validates, then acts and logs.
 */
@ApiTags('moderation')
@Controller('api/mod')
export class ModerationController {
  constructor(private readonly mods: ModerationService) {}

  @Get('reports')
  @ApiPlayer()
  @ApiZodQuery(ReportsQuery)
  @ApiOperation({ summary: 'ReportView[]: the queue (?status=open, oldest first; closed: newest)' })
  async reports(@Query() query: unknown, @Headers() headers: Record<string, unknown>) {
    await this.mods.moderator(headers);
    return this.mods.reports(parsePayload(ReportsQuery, query).status);
  }

  @Post('reports/:id/close')
  @HttpCode(200)
  @ApiPlayer()
  @ApiZodBody(OptionalWhyBody, false)
  @ApiOperation({ summary: 'Close a report (dealt with): { why? } -> { ok: true }; logged' })
  async close(
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers() headers: Record<string, unknown>,
  ) {
    const mod = await this.mods.moderator(headers);
    const { why } = parsePayload(OptionalWhyBody, body ?? {});
    await this.mods.setReport(mod, parsePayload(uuid, id), false, why);
    return { ok: true };
  }

  @Post('reports/:id/reopen')
  @HttpCode(200)
  @ApiPlayer()
  @ApiZodBody(OptionalWhyBody, false)
  @ApiOperation({ summary: 'Open a closed report again: { why? } -> { ok: true }; logged' })
  async reopen(
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers() headers: Record<string, unknown>,
  ) {
    const mod = await this.mods.moderator(headers);
    const { why } = parsePayload(OptionalWhyBody, body ?? {});
    await this.mods.setReport(mod, parsePayload(uuid, id), true, why);
    return { ok: true };
  }

  @Get('players/:username')
  @ApiPlayer()
  @ApiOperation({
    summary:
      "ModPlayerView: a player's role, marks, reports about them, newest games, chat lines (shadow ones too), and the log about them",
  })
  async player(@Param('username') name: string, @Headers() headers: Record<string, unknown>) {
    await this.mods.moderator(headers);
    return this.mods.player(parsePayload(username, name));
  }

  @Post('players/:username/mark')
  @HttpCode(200)
  @ApiPlayer()
  @ApiZodBody(MarkBody)
  @ApiOperation({ summary: 'Mark an account (engine, boost, troll): { mark, why } -> { marks }' })
  async mark(
    @Param('username') name: string,
    @Body() body: unknown,
    @Headers() headers: Record<string, unknown>,
  ) {
    const mod = await this.mods.moderator(headers);
    const { mark, why } = parsePayload(MarkBody, body);
    return this.mods.mark(mod, parsePayload(username, name), mark, true, why);
  }

  @Post('players/:username/unmark')
  @HttpCode(200)
  @ApiPlayer()
  @ApiZodBody(MarkBody)
  @ApiOperation({ summary: 'Lift a mark: { mark, why } -> { marks }' })
  async unmark(
    @Param('username') name: string,
    @Body() body: unknown,
    @Headers() headers: Record<string, unknown>,
  ) {
    const mod = await this.mods.moderator(headers);
    const { mark, why } = parsePayload(MarkBody, body);
    return this.mods.mark(mod, parsePayload(username, name), mark, false, why);
  }

  @Post('players/:username/close')
  @HttpCode(200)
  @ApiPlayer()
  @ApiZodBody(WhyBody)
  @ApiOperation({
    summary:
      'Close an account: { why } -> { ok: true }; its games stay as "deleted player", its sessions and tokens end; logged',
  })
  async closeAccount(
    @Param('username') name: string,
    @Body() body: unknown,
    @Headers() headers: Record<string, unknown>,
  ) {
    const mod = await this.mods.moderator(headers);
    const { why } = parsePayload(WhyBody, body);
    await this.mods.close(mod, parsePayload(username, name), why);
    return { ok: true };
  }

  @Get('log')
  @ApiPlayer()
  @ApiOperation({ summary: "ModActionView[]: every moderator's newest actions, who, what and why" })
  async log(@Headers() headers: Record<string, unknown>) {
    await this.mods.moderator(headers);
    return this.mods.log();
  }
}
