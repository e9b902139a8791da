/**
 * The Fastify application: API under /api (paths matched case-insensitively, as the rebuilt
 * product's API does), the realtime hub at /hub and the built web app for every other path.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import { registerAuth } from './auth/context.ts';
import { AccountCache } from './auth/accountCache.ts';
import { TokenService } from './auth/tokens.ts';
import { HttpError } from './lib/errors.ts';
import { registerTextGuard } from './lib/textGuard.ts';
import { registerCompression } from './lib/compression.ts';
import { logOptions } from './lib/logger.ts';
import { registerSecurityHeaders } from './lib/securityHeaders.ts';
import { RequestLog, requestLogOptions } from './lib/requestLog.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { resolveSecret } from './lib/secret.ts';
import { registerMetrics } from './metrics.ts';
import { registerRoutes } from './routes/index.ts';
import { apiDocsRoutes, registerOpenApi } from './lib/openapi.ts';
import { mapRoutes } from './routes/map.ts';
import { JobQueue } from './jobs/queue.ts';
import { closeParsePool } from './uploads/parsePool.ts';
import { realtimeHub, serializeRequest } from './realtime/hub.ts';
import multipart from '@fastify/multipart';

/** Largest upload any route accepts (a 1-minute multi-year weather CSV); routes may set less. */
export const MAX_UPLOAD_BYTES = 150 * 1024 * 1024;

export interface Services {
  config: Config;
  database: Database;
  tokens: TokenService;
  mailer: Mailer;
  /** Enqueues jobs (pg-boss); started on first use, stopped when the app closes. */
  queue?: JobQueue;
  /** The accounts behind access tokens, cached for a few seconds (auth/accountCache.ts). */
  accounts: AccountCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const log = logOptions();
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            ...log,
            serializers: { ...log.serializers, req: serializeRequest },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Each request is logged in a company deployment (DATABASE_URL) or with LOG_REQUESTS=1; on one
    // machine the console stays readable (warnings, errors and the start-up banner). One line per
    // request, or a sample of the successful ones (lib/requestLog.ts, LOG_REQUEST_SAMPLE).
    logController: new RequestLog(
      requestLogOptions(!(config.databaseUrl || process.env.LOG_REQUESTS === '1')),
    ),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // Behind a reverse proxy set TRUST_PROXY (e.g. 1 for one hop, or the proxy's address) so that
    // per-address sign-in limits see the client's address; by default X-Forwarded-For is ignored.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
  });
  const tokens = new TokenService(await resolveSecret(database.db, config.secret));
  const mailer = createMailer(database.db, {
    smtpUrl: config.smtpUrl,
    mailDir: config.mailDir,
    from: config.mailFrom,
    log: app.log,
  });
  const queue = new JobQueue(database, { role: 'producer', log: app.log });
  const accounts = new AccountCache(database.db);
  await accounts.listen(database);
  app.decorate('services', { config, database, tokens, mailer, queue, accounts });
  app.addHook('onClose', async () => queue.stop());
  app.addHook('onClose', async () => accounts.close());
  // The upload parsing processes (uploads/parsePool.ts, started by the first upload) end with the app.
  app.addHook('onClose', async () => closeParsePool());

  // CSP, nosniff, frame-ancestors, Referrer-Policy, HSTS over https, no-store on API answers.
  await registerSecurityHeaders(app, config);
  await app.register(cookie);
  await app.register(formbody);
  // Uploads (PAN/OND/weather files): one file per request; each route sets its own size limit and
  // turns an over-size or malformed upload into a 400 that names the problem.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 50, parts: 60 } });
  await app.register(websocket);
  // gzip for JSON answers of clients that ask, Vary: Accept-Encoding; downloads keep their bytes.
  await registerCompression(app);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.body);
    }
    const err = error as { statusCode?: number; validation?: unknown; message?: string; code?: string };
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, body too large, unsupported media type: say what, never a stack.
      const message = err.message ?? 'Bad request';
      return reply.status(err.statusCode).send({ message, modelState: { $: [message] } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'An unexpected error occurred.' });
  });

  // NUL, unpaired surrogates and over-deep JSON: refused with a 400 before any route runs.
  registerTextGuard(app);
  registerAuth(app, accounts);
  // Prometheus text at /metrics when SUNFIELD_METRICS=1 (request counts and latencies, jobs, queue).
  registerMetrics(app, database, config.metrics ?? { enabled: false, token: undefined });
  // The realtime hub at /hub, outside /api; it authenticates its sockets itself.
  await app.register(realtimeHub);
  // The OpenAPI document collects the /api routes as they register (lib/openapi.ts).
  await registerOpenApi(app);
  await app.register(registerRoutes, { prefix: '/api' });
  await app.register(apiDocsRoutes);
  await app.register(mapRoutes);

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false });
  }
  // Runtime settings for the web app (the built bundle is the same for every deployment).
  const webConfig = `window.__SUNFIELD_CONFIG__ = ${JSON.stringify({
    mapStyleUrl: config.mapStyleUrl,
    mapSatelliteUrl: config.mapSatelliteUrl,
    mapSatelliteAttribution: config.mapSatelliteAttribution,
    geocoderUrl: config.geocoderUrl,
    geocoderFormat: config.geocoderFormat,
    externalTools: config.externalTools ?? {},
    billing: config.billing ?? {},
  }).replace(/</g, '\\u003c')};\n`;
  app.get('/config.js', { config: { public: true } }, async (_request, reply) =>
    reply.type('application/javascript').header('cache-control', 'no-cache').send(webConfig),
  );
  app.setNotFoundHandler({ preHandler: undefined }, (request, reply) => {
    if (request.url.startsWith('/api') || request.url.startsWith('/hub') || request.method !== 'GET') {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!hasWeb)
      return reply.status(404).type('text/plain').send('The web app is not built: run npm run build.');
    // History-mode routes of the single-page app all answer with index.html.
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
}
