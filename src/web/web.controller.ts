import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, Header, Inject, Next, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../common/errors.js';
import { CONFIG, type Config } from '../config.js';
import { sendClientFile } from './client-files.js';
import { botApiGuide } from './guide.js';

/** The landing page (the browser client replaces it, see README), and the client's pages. */
@ApiExcludeController()
@Controller()
export class WebController {
  private readonly client: string;

  constructor(@Inject(CONFIG) config: Config) {
    this.client = config.clientDir;
  }

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  index(): string {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Damas</title></head>
<body><h1>Damas</h1><p>A draughts server. API: <a href="/docs">/docs</a>, health: <a href="/health">/health</a>.</p></body></html>`;
  }

  /** The Bot API guide (docs/BOT-API.md), as a page the tokens page links to. */
  @Get('bot-api')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async guide(): Promise<string> {
    const page = await botApiGuide();
    if (page === null) throw new DomainError('NOT_FOUND', 'the Bot API guide is not installed');
    return page;
  }

  /**
   * The client's pages: one shell (index.html) for every address, whose script shows the page
   * the address asks for. `/` itself is the static client's index (app.ts), as are `/?game=<id>`
   * (a game) and `/?page=tokens` (an account's API tokens).
   *
   * - /challenge/:id  a challenge's link: its terms, accepted or declined there
   * - /game/:id       a game's permanent link (/game/:id#ply a ply of it), to step through
   * - /analysis[/:variant], /editor[/:variant]   the analysis board and the board editor, any
   *                   variant (`?fen=`, `?game=<id>#ply`)
   * - /@/:username    a player's profile (it reads the API)
   * - /leaderboard[/:variant[/:speed]]   a pool's leaderboard (it reads the API)
   * - /rules[/:variant]   the rules of every variant, each with its page and diagrams
   * - /tournaments    the tournaments now playing, starting soon, finished
   * - /tournament/new the form that makes an arena (accounts)
   * - /tournament/:id an arena's page: its standings, joined and played from there
   * - /training[/:variant]   the next puzzle (of a variant); /training/daily the daily puzzle;
   *                   /training/:id a puzzle's link; /training/streak (or /streak) the streak
   * - /storm (or /training/storm)   the puzzle storm
   * - /tv[/:variant]  TV: the best live game (of a variant), followed to the next when it ends
   * - /mod           the moderators' page (reports, players, marks, the log)
   */
  @Get([
    'challenge/:id',
    'game/:id',
    'analysis',
    'analysis/:variant',
    'editor',
    'editor/:variant',
    '@/:username',
    'leaderboard',
    'leaderboard/:variant',
    'leaderboard/:variant/:speed',
    'rules',
    'rules/:variant',
    'tournaments',
    'tournament/new',
    'tournament/:id',
    'training',
    'training/:variantOrId',
    'storm',
    'streak',
    'tv',
    'tv/:variant',
    'mod',
  ])
  shell(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): Promise<void> {
    const page = join(this.client, 'index.html');
    if (!existsSync(page)) throw new DomainError('NOT_FOUND', 'the browser client is not built');
    return sendClientFile(this.client, 'index.html', req, res, next);
  }
}
