import { z } from 'zod';

const filterText = z.string().trim().min(1).max(64).optional();

/** `excludeActions`: a comma-separated list, or the parameter repeated. */
const actionList = z
  .union([z.string().max(1000), z.array(z.string().max(64)).max(50)])
  .optional()
  .transform((v) =>
    (v === undefined ? [] : Array.isArray(v) ? v : v.split(','))
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, 50),
  );

/** GET /api/admin/logs query. */
export const auditQuery = z.object({
  /** 1-based page number. */
  page: z.coerce.number().int().min(1).max(1000).default(1),
  /** Entries per page, 1–200 (default 50). */
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  /** The actor's name (current or as recorded), case-insensitive. */
  actor: filterText,
  /** Exact action. */
  action: filterText,
  /** The target (a user name, a group id...), case-insensitive. */
  target: z.string().trim().min(1).max(200).optional(),
  /** Actions starting with this (e.g. `login` or `user.`). */
  actionPrefix: filterText,
  /** Actions to leave out. */
  excludeActions: actionList,
});
export type AuditQuery = z.infer<typeof auditQuery>;
