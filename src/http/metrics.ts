import { timingSafeEqual } from 'node:crypto';
import type { Router } from 'express';
import type { AppContext } from '../context.ts';
import { unauthorized } from '../errors.ts';
import { describeRoute } from './openapi.ts';
import { apiRouter } from './routes.ts';
import { open } from './access.ts';

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
  const r = apiRouter();
  const token = ctx.config.metricsToken;
  r.get(
    '/metrics',
    describeRoute({
      summary: 'Prometheus metrics of this node',
      tag: 'operations',
      produces: 'text/plain',
      security: 'metricsToken',
      responseDescription: 'Prometheus text exposition format',
      errors: { 401: 'METRICS_TOKEN is set and the request does not carry it as a bearer token (`api.unauthorized`)' },
    }),
    open,
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
