import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Post,
  Put,
  Req,
  Res,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { DomainError } from '../common/errors.js';
import { parsePayload } from '../common/validation.js';
import { PlayersService } from '../players/players.service.js';
import { SessionsService } from '../players/sessions.service.js';
import { clearedSessionCookie, sessionCookie, sessionIdOf } from '../players/web-security.js';
import { CONFIG, type Config } from '../config.js';
import { RateLimiter } from '../realtime/rate-limit.js';
import { Connections } from '../realtime/connections.js';
import { AccountsService, type Client } from './accounts.service.js';
import { checkUsername } from './usernames.js';
import { ApiZodBody } from '../common/openapi.js';

const password = z
  .string()
  .min(8, 'password must have 8-200 characters')
  .max(200, 'password must have 8-200 characters');
// No account's name is longer than 20: a longer one is refused before any lookup or throttle row.
const Credentials = z.object({ username: z.string().max(20), password: z.string().max(200) });
const SignUp = z.object({ username: z.string().max(100), password }).strict();
const ChangePassword = z.object({ current: z.string().max(200), password }).strict();
const CloseAccount = z.object({ password: z.string().max(200) }).strict();

/** Behind a TLS proxy, `req.secure` reads its X-Forwarded-Proto once TRUST_PROXY trusts it. */
const isTls = (req: Request): boolean => req.secure;
const clientOf = (req: Request): Client => ({
  ip: req.ip ?? 'unknown',
  userAgent: req.get('user-agent'),
});

/** Accounts: sign up, log in and out (a session cookie), change password. */
@ApiTags('accounts')
@Controller('api')
export class AccountsController {
  /** Hashing is costly: the calls that hash a password are limited per address. */
  private readonly limiter: RateLimiter;

  constructor(
    private readonly accounts: AccountsService,
    private readonly players: PlayersService,
    private readonly sessions: SessionsService,
    private readonly connections: Connections,
    @Inject(CONFIG) config: Config,
  ) {
    this.limiter = new RateLimiter(config.accountsLimit);
  }

  private limit(req: Request): void {
    if (!this.limiter.take(req.ip ?? 'unknown'))
      throw new DomainError('RATE_LIMITED', 'too many account requests: try again in a moment');
  }

  @Post('accounts')
  @ApiZodBody(SignUp)
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Sign up: { username, password } -> { id, username, token? } and a session cookie. With a guest bearer token, that guest becomes the account (its games stay its own); without one, a new player is made and its token returned.',
  })
  async signUp(
    @Body() body: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { username, password } = parsePayload(SignUp, body);
    const name = checkUsername(username);
    this.limit(req);
    const auth = req.get('authorization');
    const guest = auth === undefined ? null : await this.players.authenticateHeader(auth);
    const r = await this.accounts.signUp(name, password, guest, clientOf(req));
    res.setHeader('Set-Cookie', sessionCookie(r.sessionId, isTls(req)));
    return { ...r.account, ...(r.token ? { token: r.token } : {}) };
  }

  @Post('session')
  @ApiZodBody(Credentials)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Log in: { username, password } -> { id, username } and a session cookie; BAD_CREDENTIALS for an unknown user or a wrong password alike, RATE_LIMITED after repeated failures',
  })
  async logIn(
    @Body() body: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { username, password } = parsePayload(Credentials, body);
    this.limit(req);
    const r = await this.accounts.logIn(username, password, clientOf(req));
    res.setHeader('Set-Cookie', sessionCookie(r.sessionId, isTls(req)));
    return r.account;
  }

  @Delete('session')
  @HttpCode(204)
  @ApiOperation({ summary: 'Log out: closes this browser session' })
  async logOut(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const id = sessionIdOf(req.get('cookie'));
    if (id !== undefined) await this.sessions.close(id);
    res.setHeader('Set-Cookie', clearedSessionCookie(isTls(req)));
  }

  @Delete('sessions')
  @HttpCode(204)
  @ApiOperation({
    summary:
      'Log out everywhere: closes every session of the account, revokes its bearer token and drops its sockets',
  })
  async logOutEverywhere(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const player = await this.players.identify(req.headers);
    await this.sessions.closeAll(player.id);
    this.connections.disconnectPlayer(player.id);
    res.setHeader('Set-Cookie', clearedSessionCookie(isTls(req)));
  }

  @Put('accounts/password')
  @ApiZodBody(ChangePassword)
  @HttpCode(204)
  @ApiOperation({
    summary:
      'Change password: { current, password }; every other session is closed, the bearer token revoked, sockets dropped',
  })
  async changePassword(@Body() body: unknown, @Req() req: Request) {
    const { current, password } = parsePayload(ChangePassword, body);
    this.limit(req);
    const player = await this.players.identify(req.headers);
    await this.accounts.changePassword(player, current, password, sessionIdOf(req.get('cookie')));
    // Sockets opened with what was revoked close; this browser's reconnects by its session.
    this.connections.disconnectPlayer(player.id);
  }

  @Post('accounts/me/close')
  @ApiZodBody(CloseAccount)
  @HttpCode(204)
  @ApiOperation({
    summary:
      'Close my account: { password }. Its games stay, shown as "deleted player"; every session and token ends, sockets drop; the username is never reusable (v1.19)',
  })
  async close(
    @Body() body: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { password } = parsePayload(CloseAccount, body);
    this.limit(req);
    const player = await this.players.identify(req.headers);
    await this.accounts.close(player, password);
    res.setHeader('Set-Cookie', clearedSessionCookie(isTls(req)));
  }

  @Get('session')
  @ApiOperation({
    summary:
      "This browser's session: { account: { id, username } | null } (never an error: a page asks before it knows)",
  })
  async session(@Req() req: Request) {
    const player = await this.sessions.find(sessionIdOf(req.get('cookie')));
    return { account: player && (await this.accounts.account(player)) };
  }

  @Get('accounts/me')
  @ApiOperation({ summary: 'Who am I: { id, username } (a guest: UNAUTHENTICATED)' })
  async me(@Req() req: Request) {
    const player = await this.players.identify(req.headers);
    const account = await this.accounts.account(player);
    if (!account) throw new DomainError('UNAUTHENTICATED', 'a guest, not an account');
    return account;
  }
}
