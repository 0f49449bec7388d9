import type { Queryable } from '../../db/index.ts';
import type { UserRow } from '../users/users.store.ts';

export interface SessionRow {
  token_hash: string;
  user_id: number;
  expires: number;
}

/** SQL for sessions. Only the sha256 of a token is ever stored. */
export const sessionsStore = {
  async insert(q: Queryable, s: { hash: string; userId: number; created: number; expires: number; ip: string; ua: string }) {
    await q.query(
      `insert into sessions (token_hash, user_id, created, expires, ip, user_agent)
       values ($1, $2, $3, $4, $5, $6)`,
      [s.hash, s.userId, s.created, s.expires, s.ip, s.ua.slice(0, 300)],
    );
  },

  /** The live session, its user and whether a ban is in force, in one statement. */
  async resolve(q: Queryable, hash: string, now: number): Promise<(UserRow & { banned: boolean; session_expires: number }) | undefined> {
    const rows = await q.query<UserRow & { banned: boolean; session_expires: number }>(
      `select u.*, s.expires as session_expires, exists (select 1 from penalties p where p.user_id = u.id and p.action = 'ban' and not p.revoked
                             and (p.expires is null or p.expires > $2)) as banned
         from sessions s join users u on u.id = s.user_id
        where s.token_hash = $1 and s.expires > $2`,
      [hash, now],
    );
    return rows[0];
  },

  async delete(q: Queryable, hash: string): Promise<void> {
    await q.query('delete from sessions where token_hash = $1', [hash]);
  },

  /** Deletes every session of a user except `keep` (the caller's own, when set); returns the hashes deleted. */
  async deleteForUser(q: Queryable, userId: number, keep?: string): Promise<string[]> {
    const rows = await q.query<{ token_hash: string }>('delete from sessions where user_id = $1 and token_hash <> $2 returning token_hash', [
      userId,
      keep ?? '',
    ]);
    return rows.map((r) => r.token_hash);
  },

  async deleteExpired(q: Queryable, now: number): Promise<number> {
    const rows = await q.query('delete from sessions where expires <= $1 returning 1', [now]);
    return rows.length;
  },
};
