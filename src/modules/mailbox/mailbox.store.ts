import type { Queryable } from '../../db/index.ts';

export interface AnnouncementRow {
  id: number;
  title: string;
  content: string;
  actor: string;
  created: number;
  updated: number;
}

export interface NotificationRow {
  id: number;
  user_id: number;
  kind: string;
  source_id: string;
  title: string;
  body: string;
  created: number;
  read: boolean;
}

/** SQL for announcements and notifications. */
export const mailboxStore = {
  async insertAnnouncement(
    q: Queryable,
    a: { title: string; content: string; actorId: number | null; actorName: string; now: number },
  ): Promise<AnnouncementRow> {
    const rows = await q.query<AnnouncementRow>(
      `insert into announcements (title, content, actor_id, actor_name, created, updated)
       values ($1, $2, $3, $4, $5, $5)
       returning id, title, content, actor_name as actor, created, updated`,
      [a.title, a.content, a.actorId, a.actorName, a.now],
    );
    return rows[0]!;
  },

  async deleteAnnouncement(q: Queryable, id: number): Promise<{ id: number; title: string } | undefined> {
    return (await q.query<{ id: number; title: string }>('delete from announcements where id = $1 returning id, title', [id]))[0];
  },

  /** Newest first; the author under their current name while the account exists. */
  async announcements(q: Queryable, limit: number, offset: number): Promise<AnnouncementRow[]> {
    return q.query<AnnouncementRow>(
      `select a.id, a.title, a.content, coalesce(u.name, a.actor_name) as actor, a.created, a.updated
         from announcements a left join users u on u.id = a.actor_id
        order by a.id desc limit $1 offset $2`,
      [limit, offset],
    );
  },

  /** Inserts unless (user, kind, source) exists already; returns the new row, or undefined for a repeat. */
  async insertNotificationOnce(
    q: Queryable,
    n: { userId: number; kind: string; sourceId: string; title: string; body: string; now: number },
  ): Promise<NotificationRow | undefined> {
    const rows = await q.query<NotificationRow>(
      `insert into notifications (user_id, kind, source_id, title, body, created)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (user_id, kind, source_id) do nothing
       returning *`,
      [n.userId, n.kind, n.sourceId, n.title, n.body, n.now],
    );
    return rows[0];
  },

  async notifications(q: Queryable, userId: number, limit: number, offset: number): Promise<NotificationRow[]> {
    return q.query<NotificationRow>('select * from notifications where user_id = $1 order by id desc limit $2 offset $3', [
      userId,
      limit,
      offset,
    ]);
  },

  async unreadCount(q: Queryable, userId: number): Promise<number> {
    const rows = await q.query<{ n: number }>('select count(*)::int as n from notifications where user_id = $1 and not read', [userId]);
    return rows[0]?.n ?? 0;
  },

  /** Marks read those of `ids` that belong to the user, and all of theirs up to `upTo` when given. */
  async markRead(q: Queryable, userId: number, ids: readonly number[], upTo: number | undefined): Promise<void> {
    if (ids.length === 0 && upTo === undefined) return;
    await q.query(
      'update notifications set read = true where user_id = $1 and (id = any($2::bigint[]) or id <= $3) and not read',
      [userId, ids, upTo ?? 0],
    );
  },
};
