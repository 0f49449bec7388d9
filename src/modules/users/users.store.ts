import type { Queryable } from '../../db/index.ts';
import { prepared } from '../../db/prepared.ts';
import type { AccountStatus, Role } from '../../identity.ts';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  status: AccountStatus;
  must_change: boolean;
  totp_secret: string | null;
  nickname: string;
  signature: string;
  avatar: string;
  invisible: boolean;
  away: boolean;
  lang: 'zh' | 'en' | 'ja';
  allow_invite: boolean;
  /** Tell the other side of a direct conversation how far this user has read. */
  read_receipts: boolean;
  created: number;
  last_seen: number | null;
  last_ip: string | null;
}

export interface ActivePenalty {
  action: 'warning' | 'mute' | 'ban' | 'ipban';
  expires: number | null;
}

/** What a list of people needs: who, how they look, and how their presence is shown. */
export type UserListRow = Pick<UserRow, 'id' | 'name' | 'nickname' | 'avatar' | 'invisible' | 'away'>;

export interface NewUser {
  name: string;
  /** UTS #39 skeleton of the name (user-names.ts); unique. */
  skeleton: string;
  email: string;
  passwordHash: string;
  role: Role;
  status: AccountStatus;
  created: number;
}

/**
 * An account with its penalties in force: what the per-node account cache loads for every person
 * active on the node, each 20–28 s (prepared: parsed once per connection, not on every load).
 */
const WITH_ACTIVE_PENALTIES = prepared(`select u.*, coalesce((select json_agg(json_build_object('action', p.action, 'expires', p.expires))
                            from penalties p
                           where p.user_id = u.id and not p.revoked
                             and (p.expires is null or p.expires > $2)), '[]'::json) as active_penalties
      from users u where u.id = $1`);

/** SQL for the users table. Returns rows; knows nothing of HTTP. */
export const usersStore = {
  async insert(q: Queryable, u: NewUser): Promise<UserRow> {
    const rows = await q.query<UserRow>(
      `insert into users (name, name_skeleton, email, password_hash, role, status, created)
       values ($1, $2, $3, $4, $5, $6, $7) returning *`,
      [u.name, u.skeleton, u.email, u.passwordHash, u.role, u.status, u.created],
    );
    return rows[0]!;
  },

  async byName(q: Queryable, name: string): Promise<UserRow | undefined> {
    return (await q.query<UserRow>('select * from users where lower(name) = lower($1)', [name]))[0];
  },

  /** Whether an account other than `exceptId` has a name with this confusable skeleton. */
  async skeletonTaken(q: Queryable, skeleton: string, exceptId = 0): Promise<boolean> {
    return (await q.query('select 1 from users where name_skeleton = $1 and id <> $2', [skeleton, exceptId])).length > 0;
  },

  async byId(q: Queryable, id: number): Promise<UserRow | undefined> {
    return (await q.query<UserRow>('select * from users where id = $1', [id]))[0];
  },

  /**
   * The user and their penalties still in force at `now` (action and expiry
   * only), in one statement: enough to count them later against any clock.
   */
  async withActivePenalties(q: Queryable, id: number, now: number): Promise<(UserRow & { active_penalties: ActivePenalty[] }) | undefined> {
    const rows = await q.query<UserRow & { active_penalties: ActivePenalty[] }>(WITH_ACTIVE_PENALTIES, [id, now]);
    return rows[0];
  },

  async adminExists(q: Queryable): Promise<boolean> {
    const rows = await q.query<{ n: number }>("select count(*)::int as n from users where role = 'admin'");
    return (rows[0]?.n ?? 0) > 0;
  },

  async updateProfile(
    q: Queryable,
    id: number,
    p: { nickname?: string | undefined; signature?: string | undefined; avatar?: string | undefined },
  ): Promise<void> {
    await q.query(
      `update users set nickname = coalesce($2, nickname), signature = coalesce($3, signature),
              avatar = coalesce($4, avatar) where id = $1`,
      [id, p.nickname ?? null, p.signature ?? null, p.avatar ?? null],
    );
  },

  async updateSettings(
    q: Queryable,
    id: number,
    s: {
      invisible?: boolean | undefined;
      away?: boolean | undefined;
      lang?: string | undefined;
      allowInvite?: boolean | undefined;
      readReceipts?: boolean | undefined;
    },
  ): Promise<void> {
    await q.query(
      `update users set invisible = coalesce($2, invisible), away = coalesce($3, away),
              lang = coalesce($4, lang), allow_invite = coalesce($5, allow_invite),
              read_receipts = coalesce($6, read_receipts) where id = $1`,
      [id, s.invisible ?? null, s.away ?? null, s.lang ?? null, s.allowInvite ?? null, s.readReceipts ?? null],
    );
  },

  async setPassword(q: Queryable, id: number, hash: string, mustChange: boolean): Promise<void> {
    await q.query('update users set password_hash = $2, must_change = $3 where id = $1', [id, hash, mustChange]);
  },

  async setTotp(q: Queryable, id: number, secret: string | null): Promise<void> {
    await q.query('update users set totp_secret = $2 where id = $1', [id, secret]);
  },

  async setStatus(q: Queryable, id: number, status: AccountStatus): Promise<void> {
    await q.query('update users set status = $2 where id = $1', [id, status]);
  },

  async pending(q: Queryable): Promise<Array<Pick<UserRow, 'name' | 'email' | 'created'>>> {
    return q.query("select name, email, created from users where status = 'pending' order by created, id");
  },

  /**
   * Active accounts whose name or nickname contains `pattern` (a lower-case
   * `like` pattern), by name, one page. One statement.
   */
  async searchActive(q: Queryable, pattern: string, limit: number, offset: number): Promise<UserListRow[]> {
    return q.query<UserListRow>(
      `select id, name, nickname, avatar, invisible, away from users
        where status = 'active' and (name_lower like $1 escape '\\' or lower(nickname) like $1 escape '\\')
        order by lower(name), id limit $2 offset $3`,
      [pattern, limit, offset],
    );
  },

  /** Names → ids for the given names (case-insensitive); unknown names are absent. */
  async idsByNames(q: Queryable, names: readonly string[]): Promise<Map<string, number>> {
    const rows = await q.query<{ id: number; name: string }>(
      'select id, name from users where lower(name) = any($1::text[])',
      [names.map((n) => n.toLowerCase())],
    );
    return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
  },

  /** Which of these upload URLs are some user's avatar. */
  async avatarsAmong(q: Queryable, urls: readonly string[]): Promise<Set<string>> {
    const rows = await q.query<{ avatar: string }>('select distinct avatar from users where avatar = any($1::text[])', [urls]);
    return new Set(rows.map((r) => r.avatar));
  },
};
