import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';

/** The landing page; the browser client replaces it (see README). */
@ApiExcludeController()
@Controller()
export class WebController {
  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  index(): string {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Damas</title></head>
<body><h1>Damas</h1><p>A draughts server. API: <a href="/docs">/docs</a>, health: <a href="/health">/health</a>.</p></body></html>`;
  }
}
