import { createServer, type IncomingMessage, type Server } from 'node:http';
import express, { type Express, type RequestHandler, type Router } from 'express';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { originPolicyOf } from '../lib/origin-policy.ts';
import { assertAccessDeclared } from './access.ts';
import { corsForAllowedOrigins, originGate } from './origin.ts';
import { apiNotFound, errorHandler } from './errors.ts';
import { leanJsonAnswers } from './json-answer.ts';
import { observeRequests } from './request-log.ts';
import { requestClassesOf, runRootLayersDirectly } from './root-chain.ts';
import { listRoutes, routedByPath } from './routes.ts';
import { securityHeaders } from './security-headers.ts';

/** JSON bodies above this are refused with 413 before they are read (Content-Length) or as soon as they pass it. */
export const JSON_LIMIT_BYTES = 100 * 1024;

/**
 * Refuses a body whose declared length is over `limit` before reading any of
 * it (body-parser would first read the whole upload off the socket), and
 * before `100 Continue` when the client waits for it. The error handler then
 * discards what the client still sends (linger.ts), so it reads the 413.
 */
export function declaredLengthLimit(limit: number): RequestHandler {
  return (req, _res, next) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) throw new AppError(413, 'api.tooLarge');
    next();
  };
}

/**
 * The HTTP server of an app. A request with `Expect: 100-continue` goes
 * through the app like any other instead of getting `100 Continue` from Node
 * at once: the gates and the declared-length limit can then refuse it (413,
 * 403) before the client sends the body, and `continueWhenAccepted` sends the
 * 100 once they let it through.
 */
export function createHttpServer(app: Express): Server {
  const server = createServer(requestClassesOf(app), app);
  // Emitted as 'request', so that every request listener (Socket.IO's too) sees it as usual.
  server.on('checkContinue', (req, res) => server.emit('request', req, res));
  return server;
}

/** Sends `100 Continue` to a client waiting for it before sending its body. */
export const continueWhenAccepted: RequestHandler = (req, res, next) => {
  if (/100-continue/i.test(req.headers.expect ?? '') && !res.headersSent) res.writeContinue();
  next();
};

/** Whether a request may carry a body, as body-parser decides it (`type-is`'s hasBody). */
const mayHaveBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length']));

/**
 * The Express app: request ids and logs, security headers, the gates (checks
 * that refuse a request before its body is read, e.g. ip bans), JSON parsing,
 * the routers, then 404 and errors. `pages` answer what no route and no /api
 * path took (the web client).
 */
export function buildExpress(
  ctx: AppContext,
  routers: readonly Router[],
  gates: readonly RequestHandler[] = [],
  pages: readonly RequestHandler[] = [],
): Express {
  const app = express();
  app.disable('x-powered-by');
  // No weak ETag (a SHA-1 of every JSON answer): answers are per caller and no client revalidates
  // them. Downloads set their own strong ETag and still answer `If-None-Match` with 304.
  app.set('etag', false);
  // `/API/MESSAGES` is not another spelling of `/api/messages` (routers say the same: apiRouter).
  app.set('case sensitive routing', true);
  leanJsonAnswers(app);
  if (ctx.config.trustProxy !== undefined) app.set('trust proxy', ctx.config.trustProxy);
  const origins = originPolicyOf(ctx.config);
  const json = express.json({ limit: JSON_LIMIT_BYTES });
  // Every step is mounted at the root, so the root chain runs them without the router's walk
  // (runRootLayersDirectly, below; docs/decisions.md, "Per-request cost").
  const steps: RequestHandler[] = [
    observeRequests(app, ctx),
    securityHeaders(app),
    ...(ctx.config.corsOrigins.length > 0 ? [corsForAllowedOrigins(origins)] : []),
    ...gates,
    originGate(origins),
    (req, res, next) => {
      // Only JSON bodies are limited here; upload routes apply their own limits to multipart bodies.
      if (req.is('application/json')) return declaredLengthLimit(JSON_LIMIT_BYTES)(req, res, next);
      next();
    },
    // Everything above may refuse a request before its body is sent: only now does the client get `100 Continue`.
    continueWhenAccepted,
    // A request without a body (no Content-Length, not chunked) is one the parser would pass on untouched.
    (req, res, next) => (mayHaveBody(req) ? json(req, res, next) : next()),
  ];
  for (const step of steps) app.use(step);
  app.use(routedByPath(routers));
  // A route that does not say who may call it must not be served at all.
  assertAccessDeclared(listRoutes(app));
  // Any spelling of an /api path that no route served is a JSON 404, not Express's HTML page.
  app.use((req, res, next) => (/^\/api(\/|$)/i.test(req.path) ? apiNotFound(req, res, next) : next()));
  for (const page of pages) app.use(page);
  app.use(errorHandler);
  runRootLayersDirectly(app);
  return app;
}
