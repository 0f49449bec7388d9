import type { Express as ExpressApp, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { AppContext } from '../context.ts';
import { randomHex } from '../lib/crypto.ts';
import { UNMATCHED_ROUTE } from '../metrics.ts';

declare global {
  namespace Express {
    interface Request {
      /** The request id (incoming `X-Request-Id` when well formed, else generated). */
      id?: string;
      /** A child logger carrying `reqId`, made on first use. */
      log?: Logger;
    }
  }
}

const REQUEST_ID_RE = /^[\w.:-]{1,64}$/;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Request ids, the request log line and the HTTP latency histogram, with one
 * `finish` listener per request. Written for the hot path (it runs on every
 * request): ids are a per-process random prefix plus a counter (unique across
 * nodes, no random bytes drawn per request), the child logger is only made
 * when something logs (`req.log`), and successful requests are logged at
 * `debug`, so at the default level they cost one level check.
 */
export function observeRequests(app: ExpressApp, ctx: AppContext): RequestHandler {
  const { log, metrics } = ctx;
  const prefix = randomHex(4);
  let counter = 0;
  // A getter on this app's request prototype: no per-request property definition.
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Express.Request & { _log?: Logger }) {
      this._log ??= log.child({ reqId: this.id });
      return this._log;
    },
  });

  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : `${prefix}${(++counter).toString(16).padStart(8, '0')}`;
    req.id = id;
    res.setHeader('X-Request-Id', id);
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const pattern = req.route?.path;
      const route = typeof pattern === 'string' ? req.baseUrl + pattern : UNMATCHED_ROUTE;
      const status = res.statusCode;
      metrics.httpDuration.observe({ method: METHODS.has(req.method) ? req.method : 'OTHER', route, status: String(status) }, seconds);
      const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
      if (!log.isLevelEnabled(level)) return;
      // Never log headers or the query string: they can carry cookies, keys and tokens.
      log[level](
        { reqId: id, req: { method: req.method, url: req.originalUrl.split('?')[0], route }, res: { statusCode: status }, responseTime: Math.round(seconds * 1000) },
        'request completed',
      );
    });
    next();
  };
}
