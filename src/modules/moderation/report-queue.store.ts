import type { Queryable } from '../../db/index.ts';

export type ReportStatus = 'pending' | 'dismissed' | 'punished';

export interface ReportRow {
  id: number;
  type: 'message' | 'user';
  reporter_id: number;
  reporter_ip: string;
  reported_user_id: number;
  room: string | null;
  idx: number | null;
  reason: string;
  snapshot: Record<string, unknown> | null;
  status: ReportStatus;
  created: number;
  handled: number | null;
  penalty_id: number | null;
  /** Current names. */
  reporter: string;
  reported: string;
  /** Who closed it (current name, or as recorded when the account is gone). */
  handler: string;
  /** Group reports: the group's current name ('' once dissolved). */
  group_name: string | null;
  /** Direct-message reports: the two participants' current names. */
  direct_a: string | null;
  direct_b: string | null;
}

// The room key is `g:<gid>` or `d:<low id>:<high id>` (messages.policy roomKey); CASE keeps the
// cast from running on group keys.
const SELECT = `select r.id, r.type, r.reporter_id, r.reporter_ip, r.reported_user_id, r.room, r.idx, r.reason, r.snapshot,
                       r.status, r.created, r.handled, r.penalty_id,
                       rep.name as reporter, sub.name as reported, coalesce(h.name, r.handler_name) as handler,
                       g.name as group_name, da.name as direct_a, db.name as direct_b
                  from reports r
                  join users rep on rep.id = r.reporter_id
                  join users sub on sub.id = r.reported_user_id
                  left join users h on h.id = r.handler_id
                  left join groups g on r.room like 'g:%' and g.gid = substr(r.room, 3)
                  left join users da on da.id = case when r.room like 'd:%' then split_part(r.room, ':', 2)::bigint end
                  left join users db on db.id = case when r.room like 'd:%' then split_part(r.room, ':', 3)::bigint end`;

/** SQL of the administrators' report queue (recording a report is in messages/reports.store). */
export const reportQueueStore = {
  /** Pending first, then newest first. */
  async list(q: Queryable, f: { status?: ReportStatus | undefined; limit: number; offset: number }): Promise<ReportRow[]> {
    return q.query<ReportRow>(
      `${SELECT} where ($1::text is null or r.status = $1)
        order by (r.status = 'pending') desc, r.id desc limit $2 offset $3`,
      [f.status ?? null, f.limit, f.offset],
    );
  },

  /** The report, locked against a concurrent decision. */
  async byIdForUpdate(q: Queryable, id: number): Promise<ReportRow | undefined> {
    return (await q.query<ReportRow>(`${SELECT} where r.id = $1 for update of r`, [id]))[0];
  },

  async close(
    q: Queryable,
    id: number,
    c: { status: Exclude<ReportStatus, 'pending'>; handlerId: number | null; handlerName: string; penaltyId: number | null; now: number },
  ): Promise<void> {
    await q.query('update reports set status = $2, handler_id = $3, handler_name = $4, penalty_id = $5, handled = $6 where id = $1', [
      id,
      c.status,
      c.handlerId,
      c.handlerName,
      c.penaltyId,
      c.now,
    ]);
  },
};
