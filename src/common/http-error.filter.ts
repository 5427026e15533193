import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { asSpoken, DomainError, toErrorBody } from './errors.js';
import { PROTOCOL_HEADER } from './protocol.js';

/** Every HTTP error leaves in the PROTOCOL.md shape. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly log = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const req = host.switchToHttp().getRequest<Request>();
    const { status, body } = toErrorBody(exception);
    if (status >= 500 && !(exception instanceof DomainError)) this.log.error(exception);
    // JSON whatever the route declared for its answer (a PDN route says text/plain): res.json
    // keeps a Content-Type already set.
    // Mid-stream (a PDN download, an NDJSON stream): the answer is cut, so it never reads as whole.
    if (res.headersSent)
      return void res.destroy(exception instanceof Error ? exception : undefined);
    res.removeHeader('Content-Disposition'); // an error is not the file that was asked for
    res.status(status).type('application/json').json(asSpoken(body, req.headers[PROTOCOL_HEADER]));
  }
}
