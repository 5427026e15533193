import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError, toErrorBody } from './errors.js';

/** Every HTTP error leaves in the PROTOCOL.md shape. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly log = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const { status, body } = toErrorBody(exception);
    if (status >= 500 && !(exception instanceof DomainError)) this.log.error(exception);
    // JSON whatever the route declared for its answer (a PDN route says text/plain): res.json
    // keeps a Content-Type already set.
    if (res.headersSent) return void res.end();
    res.status(status).type('application/json').json(body);
  }
}
