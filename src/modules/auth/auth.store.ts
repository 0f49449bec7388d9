import type { Queryable } from '../../db/index.ts';
import { prepared } from '../../db/prepared.ts';
import type { AlongsideWrites } from '../audit/audit.store.ts';
import type { UserRow } from '../users/users.store.ts';

export interface SessionRow {
  token_hash: string;
  user_id: number;
  expires: number;
}

/** Whether the user `u` has a ban in force at the time `$2`. */
const BANNED_AT_2 = `exists (select 1 from penalties p where p.user_id = u.id and p.action = 'ban' and not p.revoked
                         and (p.expires is null or p.expires > $2))`;

// Prepared (see db/prepared.ts): every login and every session a node has not cached runs one.
const ACCOUNT = prepared(`select u.*, ${BANNED_AT_2} as banned from users u where lower(u.name) = lower($1)`);
const RESOLVE = prepared(`select u.*, s.expires as session_expires, ${BANNED_AT_2} as banned
  from sessions s join users u on u.id = s.user_id
 where s.token_hash = $1 and s.expires > $2`);

/** SQL for logging in. */
export const loginStore = {
  /** The account of this name (as stored, case aside) and whether a ban is in force, in one statement. */
  async account(q: Queryable, name: string, now: number): Promise<(UserRow & { banned: boolean }) | undefined> {
    return (await q.query<UserRow & { banned: boolean }>(ACCOUNT, [name, now]))[0];
  },
};

/** SQL for sessions. Only the sha256 of a token is ever stored. */
export const sessionsStore = {
  /**
   * A new session and the account's last login, as writes for the statement that audits the login
   * (`audit(…, alongside)`): one round trip instead of a transaction of three.
   */
  opening(s: { hash: string; userId: number; created: number; expires: number; ip: string; ua: string }): AlongsideWrites {
    return {
      ctes: `session as (insert into sessions (token_hash, user_id, created, expires, ip, user_agent) values ($1, $2, $3, $4, $5, $6)),
             touched as (update users set last_seen = $3, last_ip = $5 where id = $2)`,
      params: [s.hash, s.userId, s.created, s.expires, s.ip, s.ua.slice(0, 300)],
    };
  },

  /** The live session, its user and whether a ban is in force, in one statement. */
  async resolve(q: Queryable, hash: string, now: number): Promise<(UserRow & { banned: boolean; session_expires: number }) | undefined> {
    const rows = await q.query<UserRow & { banned: boolean; session_expires: number }>(RESOLVE, [hash, now]);
    return rows[0];
  },

  async delete(q: Queryable, hash: string): Promise<void> {
    await q.query('delete from sessions where token_hash = $1', [hash]);
  },

  /**
   * Deletes every session of a user except `keep` (the caller's own, when set); returns the hashes
   * deleted. `remember`: keep their hashes in ended_sessions (a ban), so a return with one can be told why.
   */
  async deleteForUser(q: Queryable, userId: number, keep?: string, remember = false): Promise<string[]> {
    const rows = await q.query<{ token_hash: string }>(
      `with ended as (delete from sessions where user_id = $1 and token_hash <> $2 returning token_hash, user_id, expires),
            kept as (insert into ended_sessions (token_hash, user_id, expires)
                     select token_hash, user_id, expires from ended where $3 on conflict do nothing)
       select token_hash from ended`,
      [userId, keep ?? '', remember],
    );
    return rows.map((r) => r.token_hash);
  },

  /** Whether this session hash was ended by a ban that is still in force at `now`. */
  async endedByBan(q: Queryable, hash: string, now: number): Promise<boolean> {
    const rows = await q.query<{ banned: boolean }>(
      `select ${BANNED_AT_2} as banned from ended_sessions e join users u on u.id = e.user_id where e.token_hash = $1 and e.expires > $2`,
      [hash, now],
    );
    return rows[0]?.banned ?? false;
  },

  async deleteExpired(q: Queryable, now: number): Promise<number> {
    const rows = await q.query('delete from sessions where expires <= $1 returning 1', [now]);
    await q.query('delete from ended_sessions where expires <= $1', [now]);
    return rows.length;
  },
};
