import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import type { MessageKey } from '../../i18n/keys.ts';
import { AUDIT_CAPACITY, type AuditValue, formatDetail } from './audit.policy.ts';
import type { AuditQuery } from './audit.schema.ts';
import { type AlongsideWrites, auditStore } from './audit.store.ts';

/** Who performs an administrative or security-relevant action. */
export interface Actor {
  /** Null for the system or an unknown account (a failed login with an unknown name). */
  id: number | null;
  /** The account name (for a failed login: the name that was tried). */
  name: string;
  /** The caller's address as the server recorded it. */
  ip: string;
}

export interface AuditEntry {
  actor: Actor;
  /** Dotted verb, e.g. `login.fail`, `penalty.add`, `user.rename` (docs/architecture.md lists them). */
  action: string;
  /** What the action touched: a user name, a group id, a file name, an address. Filterable. */
  target?: string;
  /** An i18n key and its placeholder values; stored as JSON of at most 300 characters. */
  detail: { k: MessageKey; v?: Record<string, AuditValue> };
  /** When it happened: pass `ctx.clock.now()` (defaults to the system clock). */
  ts?: number;
}

/** Each node trims the log after this many of its own inserts: one DELETE by id, not one per insert. */
const TRIM_EVERY = 100;
let insertsSinceTrim = 0;

/**
 * Records an audit entry with `q`: pass the transaction of the action it
 * records, so the entry commits (or rolls back) with it and is never lost; or
 * pass the action's writes as `alongside`, and they and the entry are one
 * statement (one round trip, atomic, no transaction to open).
 * One INSERT; every hundredth call on a node also trims the log to its capacity.
 */
export async function audit(q: Queryable, entry: AuditEntry, alongside?: AlongsideWrites): Promise<void> {
  await auditStore.insert(q, {
    actorId: entry.actor.id,
    actor: entry.actor.name,
    action: entry.action,
    target: entry.target ?? '',
    detail: formatDetail(entry.detail.k, entry.detail.v ?? {}),
    ip: entry.actor.ip,
    ts: entry.ts ?? Date.now(),
  }, alongside);
  if (++insertsSinceTrim >= TRIM_EVERY) {
    insertsSinceTrim = 0;
    await auditStore.trim(q, AUDIT_CAPACITY);
  }
}

/** Reading the audit log (GET /api/admin/logs). */
export class AuditService {
  constructor(private readonly ctx: AppContext) {}

  async list(query: AuditQuery) {
    const { rows, total } = await auditStore.list(
      this.ctx.db,
      {
        actor: query.actor,
        action: query.action,
        target: query.target,
        actionPrefix: query.actionPrefix,
        excludeActions: query.excludeActions,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      },
      AUDIT_CAPACITY,
    );
    return { logs: rows, total, capacity: AUDIT_CAPACITY, page: query.page, pageSize: query.pageSize };
  }

  /** Trims the log to its capacity now (normally done every hundred inserts). */
  trim(): Promise<number> {
    return this.ctx.db.tx((q) => auditStore.trim(q, AUDIT_CAPACITY));
  }
}
