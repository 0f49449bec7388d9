import type { Response, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';
import { runReadiness } from './readiness.ts';
import { parse } from '../lib/validate.ts';
import { VERSION } from '../version.ts';
import { open } from './access.ts';
import { apiRouter } from './routes.ts';
import { okWith } from '../lib/contract.ts';

const healthQuery = z.object({
  ready: z.string().max(8).optional().describe('`1`: answer readiness instead of liveness (same as /api/ready)'),
});

const readinessBody = okWith({
  checks: z.array(z.object({ name: z.string().describe('`database`, `redis`, `storage`…'), ok: z.boolean() })),
});

/** Liveness, or with `ready=1` readiness. */
const healthBody = z.union([
  okWith({
    uptime: z.number().int().describe('Seconds since this node started'),
    mode: z.enum(['embedded', 'cluster']),
    version: z.string(),
  }),
  readinessBody,
]);

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
      response: healthBody,
      errors: {
        503: 'The database does not answer (`api.unavailable`, with `uptime`, `mode`, `version`), or with ready=1 a readiness check failed (`api.unavailable`, with `checks`)',
      },
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
      errors: { 503: 'A check failed or the node is shutting down (`api.unavailable`); `checks` tells which' },
    }),
    open,
    (_req, res) => ready(res),
  );

  return r;
}
