import type { Queryable } from '../../db/index.ts';
import type { AccountStatus, Role } from '../../identity.ts';

export interface AdminUserRow {
  name: string;
  role: Role;
  /** The stored status, or `banned` while a ban is in force. */
  status: AccountStatus;
  last_seen: number | null;
  created: number;
  avatar: string;
}

/** A ban in force on user `u` at `$now` (the parameter named in each statement). */
const BANNED = (now: string) => `exists (select 1 from penalties p where p.user_id = u.id and p.action = 'ban' and not p.revoked
                                   and (p.expires is null or p.expires > ${now}))`;

/** `%` and `_` in a search term are literal. */
export const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL of user administration over the users table (the users module owns the table). */
export const adminStore = {
  /** Filtered by a name substring and the shown status, oldest account first, with the filtered total. */
  async listUsers(
    q: Queryable,
    f: { q?: string | undefined; status?: AccountStatus | undefined; now: number; limit: number; offset: number },
  ): Promise<{ users: AdminUserRow[]; total: number }> {
    const rows = await q.query<AdminUserRow & { total: number }>(
      `with shown as (
         select u.id, u.name, u.role, case when ${BANNED('$1')} then 'banned' else u.status end as status,
                u.last_seen, u.created, u.avatar
           from users u
          where ($2::text is null or u.name_lower like '%' || lower($2) || '%')
       )
       select name, role, status, last_seen, created, avatar, count(*) over ()::int as total
         from shown where ($3::text is null or status = $3)
        order by id limit $4 offset $5`,
      [f.now, f.q === undefined ? null : likeEscape(f.q), f.status ?? null, f.limit, f.offset],
    );
    return { users: rows.map(({ total: _, ...u }) => u), total: rows[0]?.total ?? 0 };
  },

  /**
   * Whether an administrator other than `exceptId` can still act: active and
   * not under a ban. Call under {@link adminStore.lockAdmins}.
   */
  async otherActiveAdminExists(q: Queryable, exceptId: number, now: number): Promise<boolean> {
    const rows = await q.query(
      `select 1 from users u where u.role = 'admin' and u.status = 'active' and u.id <> $1 and not ${BANNED('$2')} limit 1`,
      [exceptId, now],
    );
    return rows.length > 0;
  },

  /** Serialises changes that could remove the last administrator (role changes, deletions). */
  async lockAdmins(q: Queryable): Promise<void> {
    await q.query('select pg_advisory_xact_lock(72410003)');
  },

  async rename(q: Queryable, id: number, name: string, skeleton: string): Promise<void> {
    await q.query('update users set name = $2, name_skeleton = $3 where id = $1', [id, name, skeleton]);
  },

  async setRole(q: Queryable, id: number, role: Role): Promise<void> {
    await q.query('update users set role = $2 where id = $1', [id, role]);
  },

  async setAvatar(q: Queryable, id: number, avatar: string): Promise<void> {
    await q.query('update users set avatar = $2 where id = $1', [id, avatar]);
  },

  /** Whether the user has an ip ban not revoked (deleting the user lifts it). */
  async hasIpBan(q: Queryable, id: number): Promise<boolean> {
    const rows = await q.query("select 1 from penalties where user_id = $1 and action = 'ipban' and not revoked limit 1", [id]);
    return rows.length > 0;
  },

  /** Deletes the account; every row referencing it goes with it (`on delete cascade`) or loses the reference (`set null`). */
  async deleteUser(q: Queryable, id: number): Promise<void> {
    await q.query('delete from users where id = $1', [id]);
  },
};
