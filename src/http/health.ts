import type { Response, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';
import { runReadiness } from './readiness.ts';
import { parse } from '../lib/validate.ts';
import { VERSION } from '../version.ts';
import { open } from './access.ts';
import { apiRouter } from './routes.ts';

const healthQuery = z.object({
  ready: z.string().max(8).optional().describe('`1`: answer readiness instead of liveness (same as /api/ready)'),
});

const readinessBody = z.object({
  ok: z.boolean(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean() })),
});

const wantsReadiness = (v: string | undefined) => v !== undefined && !['0', 'false', 'no'].includes(v);

/**
 * Liveness: GET /api/health (the process answers and its database does: 503
 * otherwise). Readiness: GET /api/ready or /api/health?ready=1, every check of
 * `ctx.hooks.readinessChecks` (database, Redis, storage, ...): 200 when all
 * pass, 503 with the per-check results otherwise. Public, on every role.
 */
export function healthRoutes(ctx: AppContext): Router {
  const r = apiRouter();
  const started = Date.now();

  const ready = async (res: Response) => {
    const result = await runReadiness(ctx.hooks.readinessChecks);
    if (result.ok) res.json(result);
    else res.status(503).json({ ok: false, error: 'api.unavailable', checks: result.checks });
  };

  r.get(
    '/api/health',
    describeRoute({
      summary: 'Liveness (or readiness with ready=1)',
      tag: 'operations',
      query: healthQuery,
      response: z.object({ ok: z.literal(true), uptime: z.number(), mode: z.enum(['embedded', 'cluster']), version: z.string() }),
      errors: { 503: 'The database does not answer (or, with ready=1, a readiness check failed)' },
    }),
    open,
    async (req, res) => {
      if (wantsReadiness(parse(healthQuery, req.query).ready)) return ready(res);
      const dbOk = await ctx.db.ping();
      const body = { uptime: Math.round((Date.now() - started) / 1000), mode: ctx.config.mode, version: VERSION };
      if (dbOk) res.json({ ok: true, ...body });
      else res.status(503).json({ ok: false, error: 'api.unavailable', ...body });
    },
  );

  r.get(
    '/api/ready',
    describeRoute({
      summary: 'Readiness: database, Redis, storage and the other registered checks',
      tag: 'operations',
      response: readinessBody,
      errors: { 503: 'A check failed or the node is shutting down; `checks` tells which' },
    }),
    open,
    (_req, res) => ready(res),
  );

  return r;
}
