import { Body, Controller, Get, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ApiAnswer, ApiPlayer, ApiZodBody, SHAPES } from '../common/openapi.js';
import { parsePayload, uuid } from '../common/validation.js';
import { PlayersService } from '../players/players.service.js';
import { LIST_LIMIT } from './notification-rules.js';
import { NotificationsService } from './notifications.service.js';

const MarkRead = z.object({ ids: z.array(uuid).min(1).max(LIST_LIMIT) }).strict();

@ApiTags('notifications')
@ApiPlayer()
@Controller('api/notifications')
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly players: PlayersService,
  ) {}

  @Get()
  @ApiAnswer(200, SHAPES.notificationList)
  @ApiOperation({ summary: 'My notifications, the newest 50 first, and the unread count' })
  async list(@Headers() headers: Record<string, unknown>) {
    return this.notifications.list((await this.players.identify(headers)).id);
  }

  @Get('unread')
  @ApiAnswer(200, SHAPES.unread)
  @ApiOperation({ summary: 'How many of my notifications are unread (the bell)' })
  async unread(@Headers() headers: Record<string, unknown>) {
    return this.notifications.unread((await this.players.identify(headers)).id);
  }

  @Post('read')
  @HttpCode(200)
  @ApiZodBody(MarkRead)
  @ApiAnswer(200, SHAPES.notificationRead)
  @ApiOperation({ summary: 'Mark some of mine read ({ ids }); every tab hears notification:read' })
  async read(@Body() body: unknown, @Headers() headers: Record<string, unknown>) {
    const { ids } = parsePayload(MarkRead, body);
    return this.notifications.markRead((await this.players.identify(headers)).id, ids);
  }

  @Post('read-all')
  @HttpCode(200)
  @ApiAnswer(200, SHAPES.notificationRead)
  @ApiOperation({ summary: 'Mark all of mine read; every tab hears notification:read' })
  async readAll(@Headers() headers: Record<string, unknown>) {
    return this.notifications.markRead((await this.players.identify(headers)).id, 'all');
  }
}
