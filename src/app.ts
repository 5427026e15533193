/** Builds the Nest application the same way for `npm start` and for the e2e tests. */
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module.js';
import type { TimeSource } from './common/time.js';
import { HttpErrorFilter } from './common/http-error.filter.js';
import { completeDocument } from './common/openapi.js';
import type { Config } from './config.js';
import { DomainError, toErrorBody } from './common/errors.js';
import { RateLimiter } from './realtime/rate-limit.js';
import { clusterAdapter } from './realtime/cluster-adapter.js';
import { personalTokenHash, verifiedTokens } from './tokens/verified-tokens.js';
import { ClusterBus } from './realtime/cluster-bus.js';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { originAllowed, sessionIdOf } from './players/web-security.js';
import { SocketTransport } from './realtime/socket-transport.js';
import { clientFiles } from './web/client-files.js';

export interface AppOptions {
  logger?: boolean;
  /** Tests only: the clock the app decides with (see common/time.ts). */
  time?: TimeSource;
}

export async function createApp(config: Config, opts: AppOptions = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, opts.time),
    {
      logger: opts.logger === false ? false : ['error', 'warn', 'log'],
      bodyParser: false,
    },
  );
  // Behind a proxy (TRUST_PROXY): req.ip and req.secure from its X-Forwarded-* headers.
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);
  // Small bodies only: every request of the contract fits in a few kilobytes.
  app.useBodyParser('json', { limit: '64kb' });
  app.useGlobalFilters(new HttpErrorFilter());
  const limiter = new RateLimiter(config.httpLimit);
  app.use((req: Request, res: Response, next: NextFunction) => {
    // A program with a personal token has its own allowance (many bots may share an address).
    const token = personalTokenHash(req.headers.authorization);
    const key = token && verifiedTokens.has(token) ? `token:${token}` : (req.ip ?? 'unknown');
    if (limiter.take(key)) return next();
    const { status, body } = toErrorBody(new DomainError('RATE_LIMITED', 'too many requests'));
    res.status(status).json(body);
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Our own scripts only; pages may not be framed (clickjacking).
          'frame-ancestors': ["'none'"],
          // Served over plain HTTP on localhost too: no forced upgrade.
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );
  // A browser sends the session cookie with requests other sites' pages make: a state-changing
  // request that carries it must come from one of our origins.
  const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (
      SAFE.has(req.method) ||
      sessionIdOf(req.headers.cookie) === undefined ||
      originAllowed(req.headers.origin, req.headers.host, config.origins)
    )
      return next();
    const { status, body } = toErrorBody(
      new DomainError('BAD_ORIGIN', 'a request from another site may not use the session'),
    );
    res.status(status).json(body);
  });
  const cluster = await clusterAdapter(config);
  await app.get(ClusterBus).start(config.databaseUrl, config.redisUrl);
  app.useWebSocketAdapter(
    new SocketTransport(app, {
      socketLimit: config.socketLimit,
      connectLimit: config.connectLimit,
      origins: config.origins,
      cluster,
    }),
  );
  // The browser client, once built (npm run build): served at / by the same process,
  // compressed and cached (web/client-files.ts).
  const client = config.clientDir;
  if (existsSync(join(client, 'index.html'))) app.use(clientFiles(client));
  app.enableShutdownHooks();
  const doc = new DocumentBuilder()
    .setTitle('Damas')
    .setDescription(
      'Real-time draughts server. Socket.io events: see PROTOCOL.md in the repository.',
    )
    .addBearerAuth()
    .build();
  SwaggerModule.setup('docs', app, () => completeDocument(SwaggerModule.createDocument(app, doc)));
  return app;
}

export async function startApp(config: Config, opts: AppOptions = {}): Promise<INestApplication> {
  const app = await createApp(config, opts);
  await app.listen(config.port, '0.0.0.0');
  if (opts.logger !== false) new Logger('Damas').log(`listening on ${await app.getUrl()}`);
  return app;
}
