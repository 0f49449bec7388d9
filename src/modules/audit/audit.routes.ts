import type { Router } from 'express';
import type { RouteDeps } from '../../http/deps.ts';
import { describeRoute } from '../../http/openapi.ts';
import { parse } from '../../lib/validate.ts';
import { auditAnswer, auditQuery } from './audit.schema.ts';
import { apiRouter } from '../../http/routes.ts';

/** GET /api/admin/logs (administrators). */
export function auditRoutes({ admin, services }: RouteDeps): Router {
  const r = apiRouter();
  r.get(
    '/api/admin/logs',
    describeRoute({
      tag: 'audit',
      summary: 'The audit log, newest first (at most the newest 5000 entries), filtered and paged',
      description:
        '`actor` matches the current or the recorded name and `target` any target, both case-insensitive; `action` is exact, ' +
        '`actionPrefix` matches the start (`user.`), `excludeActions` leaves actions out (comma-separated or repeated).',
      query: auditQuery,
      response: auditAnswer,
    }),
    admin,
    async (req, res) => {
      res.json({ ok: true, ...(await services.audit.list(parse(auditQuery, req.query))) });
    },
  );
  return r;
}
