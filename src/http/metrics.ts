import { timingSafeEqual } from 'node:crypto';
import { type RequestHandler, Router } from 'express';
import type { AppContext } from '../context.ts';
import { unauthorized } from '../errors.ts';
import { type Metrics, UNMATCHED_ROUTE } from '../metrics.ts';
import { describeRoute } from './openapi.ts';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Times every request into `chat_http_request_duration_seconds`. The route
 * label is the matched pattern (mount path + route path), never the raw URL.
 */
export function observeHttp(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const pattern = req.route?.path;
      metrics.httpDuration.observe(
        {
          method: METHODS.has(req.method) ? req.method : 'OTHER',
          route: typeof pattern === 'string' ? req.baseUrl + pattern : UNMATCHED_ROUTE,
          status: String(res.statusCode),
        },
        seconds,
      );
    });
    next();
  };
}

/** Constant-time comparison, so the token cannot be guessed byte by byte from response times. */
function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics: Prometheus text format. When METRICS_TOKEN is set the scraper
 * must send `Authorization: Bearer <token>` (401 otherwise). Served by every
 * role; keep it off the public load balancer (infra/nginx.conf does).
 */
export function metricsRoutes(ctx: AppContext): Router {
  const r = Router();
  const token = ctx.config.metricsToken;
  r.get(
    '/metrics',
    describeRoute({
      summary: 'Prometheus metrics of this node',
      tag: 'operations',
      produces: 'text/plain',
      security: 'metricsToken',
    }),
    async (req, res) => {
      if (token !== undefined) {
        const auth = req.get('authorization') ?? '';
        if (!auth.startsWith('Bearer ') || !sameToken(auth.slice(7).trim(), token)) throw unauthorized();
      }
      const { contentType, body } = await ctx.metrics.render();
      res.set('Content-Type', contentType).set('Cache-Control', 'no-store').send(body);
    },
  );
  return r;
}
