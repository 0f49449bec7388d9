import type { Queryable } from '../../db/index.ts';
import type { GROUP_LOG_ACTIONS } from './groups.schema.ts';

/** What a group log entry records (the list is in groups.schema.ts). Values other than people go in `detail`. */
export type GroupLogAction = (typeof GROUP_LOG_ACTIONS)[number];

export interface GroupLogEntry {
  gid: string;
  actorId: number;
  action: GroupLogAction;
  /** The member the action was about, if any (stored by id, so a rename shows through). */
  targetId?: number | undefined;
  detail?: Record<string, string | number | boolean> | undefined;
  ts: number;
}

export interface GroupLogRow {
  actor: string | null;
  action: GroupLogAction;
  target: string | null;
  detail: Record<string, unknown>;
  ts: number;
}

/** SQL of the group operation log. */
export const groupLogStore = {
  /** Call inside the transaction of the operation it records. */
  async write(q: Queryable, e: GroupLogEntry): Promise<void> {
    await q.query('insert into group_log (gid, actor_id, action, target_id, detail, ts) values ($1, $2, $3, $4, $5, $6)', [
      e.gid,
      e.actorId,
      e.action,
      e.targetId ?? null,
      JSON.stringify(e.detail ?? {}),
      e.ts,
    ]);
  },

  /** One page, newest first, and the total, in one statement each. */
  async page(q: Queryable, gid: string, limit: number, offset: number): Promise<{ total: number; rows: GroupLogRow[] }> {
    const [count, rows] = await Promise.all([
      q.query<{ n: number }>('select count(*)::int as n from group_log where gid = $1', [gid]),
      q.query<GroupLogRow>(
        `select a.name as actor, l.action, t.name as target, l.detail, l.ts
           from group_log l
           left join users a on a.id = l.actor_id
           left join users t on t.id = l.target_id
          where l.gid = $1 order by l.id desc limit $2 offset $3`,
        [gid, limit, offset],
      ),
    ]);
    return { total: count[0]?.n ?? 0, rows };
  },
};
