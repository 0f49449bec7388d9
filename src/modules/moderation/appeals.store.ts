import type { Queryable } from '../../db/index.ts';
import type { PenaltyAction } from './penalties.policy.ts';

export type AppealStatus = 'pending' | 'approved' | 'rejected';

export interface AppealRow {
  id: number;
  penalty_id: number;
  user_id: number;
  reason: string;
  status: AppealStatus;
  created: number;
  handled: number | null;
  /** The appellant's current name. */
  user_name: string;
  /** Who handled it (current name, or as recorded when the account is gone). */
  handler: string;
  action: PenaltyAction;
  penalty_reason: string;
  penalty_expires: number | null;
  penalty_revoked: boolean;
}

const SELECT = `select ap.id, ap.penalty_id, ap.user_id, ap.reason, ap.status, ap.created, ap.handled,
                       u.name as user_name, coalesce(h.name, ap.handler_name) as handler,
                       p.action, p.reason as penalty_reason, p.expires as penalty_expires, p.revoked as penalty_revoked
                  from appeals ap
                  join users u on u.id = ap.user_id
                  join penalties p on p.id = ap.penalty_id
                  left join users h on h.id = ap.handler_id`;

/** SQL for appeals against penalties. */
export const appealsStore = {
  async insert(q: Queryable, a: { penaltyId: number; userId: number; reason: string; now: number }): Promise<number> {
    const rows = await q.query<{ id: number }>(
      'insert into appeals (penalty_id, user_id, reason, created) values ($1, $2, $3, $4) returning id',
      [a.penaltyId, a.userId, a.reason, a.now],
    );
    return rows[0]!.id;
  },

  /** The appeal, locked against a concurrent decision. */
  async byIdForUpdate(q: Queryable, id: number): Promise<AppealRow | undefined> {
    return (await q.query<AppealRow>(`${SELECT} where ap.id = $1 for update of ap`, [id]))[0];
  },

  async decide(q: Queryable, id: number, d: { status: AppealStatus; handlerId: number | null; handlerName: string; now: number }) {
    await q.query('update appeals set status = $2, handler_id = $3, handler_name = $4, handled = $5 where id = $1', [
      id,
      d.status,
      d.handlerId,
      d.handlerName,
      d.now,
    ]);
  },

  async forUser(q: Queryable, userId: number): Promise<AppealRow[]> {
    return q.query<AppealRow>(`${SELECT} where ap.user_id = $1 order by ap.id desc limit 500`, [userId]);
  },

  /** Pending first, then newest first. */
  async list(q: Queryable, f: { status?: AppealStatus | undefined; limit: number; offset: number }): Promise<AppealRow[]> {
    return q.query<AppealRow>(
      `${SELECT} where ($1::text is null or ap.status = $1)
        order by (ap.status = 'pending') desc, ap.id desc limit $2 offset $3`,
      [f.status ?? null, f.limit, f.offset],
    );
  },
};
