import type { Queryable } from '../../db/index.ts';
import { prepared } from '../../db/prepared.ts';

export interface AuditEntryRow {
  id: number;
  actor: string;
  action: string;
  target: string;
  detail: string;
  ip: string;
  ts: number;
}

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  actionPrefix?: string | undefined;
  excludeActions?: readonly string[] | undefined;
  limit: number;
  offset: number;
}

/** Arbitrary constant: one trimmer at a time across the cluster. */
const TRIM_LOCK = 72_410_004;

/**
 * Writes that commit with an audit entry in its one statement: `ctes` are data-modifying common
 * table expressions (`name as (insert …), other as (update …)`) whose parameters are `$1…` of `params`.
 */
export interface AlongsideWrites {
  ctes: string;
  params: readonly unknown[];
}

/** SQL for the audit log. */
export const auditStore = {
  /** One INSERT; with `alongside`, its writes (data-modifying CTEs) run in the same statement. */
  async insert(
    q: Queryable,
    e: { actorId: number | null; actor: string; action: string; target: string; detail: string; ip: string; ts: number },
    alongside?: AlongsideWrites,
  ): Promise<void> {
    const before = alongside?.params.length ?? 0;
    const values = Array.from({ length: 7 }, (_, i) => `$${before + i + 1}`).join(', ');
    // Prepared: the text is one of a few (the plain entry, and one per caller's constant `ctes`),
    // and a login's (session, last login, entry) is dearer to plan than to run.
    await q.query(
      prepared(`${alongside ? `with ${alongside.ctes} ` : ''}insert into audit_log (actor_id, actor, action, target, detail, ip, ts) values (${values})`),
      [...(alongside?.params ?? []), e.actorId, e.actor.slice(0, 64), e.action, e.target.slice(0, 200), e.detail, e.ip.slice(0, 64), e.ts],
    );
  },

  /**
   * Deletes every row older than the newest `capacity`, by id (one index range).
   * A trimmer already at work elsewhere makes this one skip rather than wait.
   */
  async trim(q: Queryable, capacity: number): Promise<number> {
    const [lock] = await q.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [TRIM_LOCK]);
    if (!lock?.ok) return 0;
    const rows = await q.query(
      `delete from audit_log
        where id < (select id from audit_log order by id desc offset $1 limit 1)
       returning 1`,
      [capacity - 1],
    );
    return rows.length;
  },

  /**
   * The newest entries within the capacity (rows waiting to be trimmed are not
   * shown), filtered, newest first, with the filtered total. The actor is shown
   * under their current name when the account still exists.
   */
  async list(q: Queryable, f: AuditFilter, capacity: number): Promise<{ rows: AuditEntryRow[]; total: number }> {
    const rows = await q.query<AuditEntryRow & { total: number }>(
      `with filtered as (
         select a.id, coalesce(u.name, a.actor) as actor, a.action, a.target, a.detail, a.ip, a.ts
           from audit_log a left join users u on u.id = a.actor_id
          where a.id > coalesce((select id from audit_log order by id desc offset $1 limit 1), 0)
            and ($2::text is null or lower(a.actor) = lower($2) or lower(u.name) = lower($2))
            and ($3::text is null or a.action = $3)
            and ($4::text is null or lower(a.target) = lower($4))
            and ($5::text is null or starts_with(a.action, $5))
            and not (a.action = any($6::text[]))
       )
       select f.*, (select count(*) from filtered)::int as total
         from filtered f order by f.id desc limit $7 offset $8`,
      [
        capacity,
        f.actor ?? null,
        f.action ?? null,
        f.target ?? null,
        f.actionPrefix ?? null,
        f.excludeActions ?? [],
        f.limit,
        f.offset,
      ],
    );
    if (rows.length > 0) return { rows: rows.map(({ total: _, ...r }) => r), total: rows[0]!.total };
    if (f.offset === 0) return { rows: [], total: 0 };
    // A page past the end: the total still has to be told.
    const again = await this.list(q, { ...f, offset: 0, limit: 1 }, capacity);
    return { rows: [], total: again.total };
  },
};
