import { z } from 'zod';
import { component, millis, okWith } from '../../lib/contract.ts';

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

// ---- answers ----

/** An entry of the audit log (spec 2.16). */
export const auditEntry = component(
  'AuditEntry',
  z.object({
    id: z.number().int(),
    actor: z.string().describe("The actor's current name (as recorded when the account is gone; the tried name for an unknown login)"),
    action: z.string().describe('Dotted verb: `login.fail`, `penalty.add`, `user.rename`…'),
    target: z.string().describe('What the action touched (a user name, a group id, a file name…); empty when nothing'),
    detail: z.string().describe('JSON `{k, v}` of at most 300 characters: an i18n key and its placeholder values'),
    ip: z.string().describe("The actor's address; empty for the system"),
    ts: millis,
  }),
  'An audit log entry (spec 2.16)',
);
export type AuditEntryView = z.infer<typeof auditEntry>;

export const auditAnswer = okWith({
  logs: z.array(auditEntry).describe('Newest first'),
  total: z.number().int().describe('Entries matching the filters (within the capacity)'),
  capacity: z.number().int().describe('Entries kept; older ones are trimmed'),
  page: z.number().int(),
  pageSize: z.number().int(),
});
