import express, { type Express, type RequestHandler, type Router } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { randomHex } from '../lib/crypto.ts';
import { apiNotFound, errorHandler } from './errors.ts';
import { observeHttp } from './metrics.ts';

/** JSON bodies above this are refused with 413 before they are read (Content-Length) or as soon as they pass it. */
export const JSON_LIMIT_BYTES = 100 * 1024;

/**
 * Refuses a body whose declared length is over `limit` before reading any of
 * it (body-parser would first read the whole upload off the socket). The
 * connection is closed after the answer so the client stops sending.
 */
export function declaredLengthLimit(limit: number): RequestHandler {
  return (req, _res, next) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) throw new AppError(413, 'api.tooLarge');
    next();
  };
}

const REQUEST_ID_RE = /^[\w.:-]{1,64}$/;

/**
 * The Express app: request ids and logs, security headers, the gates (checks
 * that refuse a request before its body is read, e.g. ip bans), JSON parsing,
 * the routers, then 404 and errors.
 */
export function buildExpress(ctx: AppContext, routers: readonly Router[], gates: readonly RequestHandler[] = []): Express {
  const app = express();
  app.disable('x-powered-by');
  if (ctx.config.trustProxy !== undefined) app.set('trust proxy', ctx.config.trustProxy);
  app.use(observeHttp(ctx.metrics));

  app.use(
    pinoHttp({
      logger: ctx.log,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomHex(8);
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // Successful requests are routine: keep them out of the default log level.
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug'),
      quietReqLogger: true,
      // Never log headers: they carry session cookies and API keys.
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url.split('?')[0] }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(helmet({ contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } }));
  for (const gate of gates) app.use(gate);
  app.use((req, res, next) => {
    // Only JSON bodies are limited here; upload routes apply their own limits to multipart bodies.
    if (req.is('application/json')) return declaredLengthLimit(JSON_LIMIT_BYTES)(req, res, next);
    next();
  });
  app.use(express.json({ limit: JSON_LIMIT_BYTES }));
  for (const r of routers) app.use(r);
  app.use('/api', apiNotFound);
  app.use(errorHandler);
  return app;
}
