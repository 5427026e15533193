import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { DomainError } from '../common/errors.js';
import { CONFIG, type Config } from '../config.js';

/** The landing page (the browser client replaces it, see README), and the client's other pages. */
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

  /** A challenge's link: the client's page, which shows the terms and accepts or declines. */
  @Get('challenge/:id')
  challenge(@Res() res: Response): void {
    this.page(res, 'index.html');
  }

  /** A game's permanent link (/game/:id, and /game/:id#ply): the client shows it, to step through. */
  @Get('game/:id')
  game(@Res() res: Response): void {
    this.page(res, 'index.html');
  }

  /** The analysis board and the board editor: one page, any variant (`?fen=`, `?game=<id>#ply`). */
  @Get(['analysis', 'analysis/:variant', 'editor', 'editor/:variant'])
  analysis(@Res() res: Response): void {
    this.page(res, 'analysis.html');
  }

  /** A player's profile: one page for every username (it reads the API). */
  @Get('@/:username')
  profile(@Res() res: Response): void {
    this.page(res, 'profile.html');
  }

  private page(res: Response, name: string): void {
    const page = join(this.client, name);
    if (!existsSync(page)) throw new DomainError('NOT_FOUND', 'the browser client is not built');
    res.sendFile(page);
  }
}
