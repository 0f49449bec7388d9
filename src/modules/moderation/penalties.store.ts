import type { Queryable } from '../../db/index.ts';
import type { PenaltyAction } from './penalties.policy.ts';

export interface PenaltyRow {
  id: number;
  user_id: number;
  action: PenaltyAction;
  duration: number;
  expires: number | null;
  reason: string;
  actor_id: number | null;
  ip: string | null;
  created: number;
  revoked: boolean;
  revoked_at: number | null;
  /** The user's current name. */
  user_name: string;
  /** The actor's current name, or their name when they imposed it if the account is gone. */
  actor: string;
}

const SELECT = `select p.id, p.user_id, p.action, p.duration, p.expires, p.reason, p.actor_id, p.ip, p.created,
                       p.revoked, p.revoked_at, u.name as user_name, coalesce(a.name, p.actor_name) as actor
                  from penalties p join users u on u.id = p.user_id left join users a on a.id = p.actor_id`;

/** SQL for penalties. */
export const penaltiesStore = {
  async insert(
    q: Queryable,
    p: {
      userId: number;
      action: PenaltyAction;
      duration: number;
      expires: number | null;
      reason: string;
      actorId: number | null;
      actorName: string;
      ip: string | null;
      now: number;
    },
  ): Promise<number> {
    const rows = await q.query<{ id: number }>(
      `insert into penalties (user_id, action, duration, expires, reason, actor_id, actor_name, ip, created)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
      [p.userId, p.action, p.duration, p.expires, p.reason, p.actorId, p.actorName, p.ip, p.now],
    );
    return rows[0]!.id;
  },

  async byId(q: Queryable, id: number): Promise<PenaltyRow | undefined> {
    return (await q.query<PenaltyRow>(`${SELECT} where p.id = $1`, [id]))[0];
  },

  /** Marks it revoked unless it already is; returns whether this call revoked it. */
  async revoke(q: Queryable, id: number, now: number): Promise<boolean> {
    const rows = await q.query('update penalties set revoked = true, revoked_at = $2 where id = $1 and not revoked returning 1', [id, now]);
    return rows.length > 0;
  },

  /** Newest first; `active` compares being in force at `now`. */
  async list(
    q: Queryable,
    f: { userId?: number | undefined; active?: boolean | undefined; now: number; limit: number; offset: number },
  ): Promise<PenaltyRow[]> {
    return q.query<PenaltyRow>(
      `${SELECT}
        where ($1::bigint is null or p.user_id = $1)
          and ($2::boolean is null or (not p.revoked and (p.expires is null or p.expires > $3)) = $2)
        order by p.id desc limit $4 offset $5`,
      [f.userId ?? null, f.active ?? null, f.now, f.limit, f.offset],
    );
  },

  /** Addresses under an ip ban not revoked, with the latest expiry of each (null: permanent). */
  async ipBans(q: Queryable, now: number): Promise<Array<{ ip: string; expires: number | null }>> {
    return q.query<{ ip: string; expires: number | null }>(
      `select ip, case when bool_or(expires is null) then null else max(expires) end as expires
         from penalties
        where action = 'ipban' and not revoked and ip is not null and (expires is null or expires > $1)
        group by ip`,
      [now],
    );
  },
};
