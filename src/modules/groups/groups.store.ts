import { aggregatedRows } from '../../db/aggregate.ts';
import type { Queryable } from '../../db/index.ts';
import { prepared } from '../../db/prepared.ts';
import type { AccountStatus } from '../../identity.ts';
import type { UserListRow } from '../users/users.store.ts';
import type { GroupRole } from './groups.policy.ts';

/** The `/uploads/<stored name>` path at the end of a URL (before any query or fragment): the first group is the path. */
const UPLOAD_PATH_IN_URL = '(/uploads/[0-9a-f]{32}\\.[a-z0-9]{1,10})([?#].*)?$';

export interface GroupRow {
  gid: string;
  name: string;
  owner_id: number;
  announce: string;
  avatar: string;
  description: string;
  join_mode: 'open' | 'review';
  mute_all: boolean;
  member_invite_approve: boolean;
  created: number;
  /** Bumped by every change to the group's row or its member rows (migration 0017). */
  access_version: number;
}

/** A group and the caller's membership of it (null fields when not a member). */
export type AccessRow = GroupRow & { owner_name: string; my_role: GroupRole | null; my_muted: boolean | null };

export type MemberRow = UserListRow & { role: GroupRole; muted: boolean; group_nickname: string; joined: number };

/** An account looked up by name, with its membership of a group when it has one. */
export interface TargetRow {
  id: number;
  name: string;
  status: AccountStatus;
  /** The account's "anyone may add me to a group" setting. */
  allow_invite: boolean;
  role: GroupRole | null;
  muted: boolean | null;
}

/** A row of GET /api/groups. */
export type MyGroupRow = GroupRow & { owner_name: string; role: GroupRole; remark: string; member_count: number };

/** A row of groups/search and groups/all. */
export type ListedGroupRow = GroupRow & { owner_name: string; member_count: number; joined: boolean };

const ROLE_ORDER = "case m.role when 'owner' then 0 when 'admin' then 1 else 2 end";

/** Group rows and the caller's membership for (gid, user) pairs, by 1-based position. */
const ACCESS_MANY = prepared(
  `select t.i::int as i, g.*, m.role as my_role, m.muted as my_muted
         from unnest($1::text[], $2::bigint[]) with ordinality as t(gid, user_id, i)
         join groups g on g.gid = t.gid
         left join group_members m on m.gid = g.gid and m.user_id = t.user_id`,
);

/** The groups a user belongs to: every connection's rooms (each connect). */
const GIDS_OF = prepared('select gid from group_members where user_id = $1');

/** SQL of groups, members and group remarks. Returns rows; knows nothing of HTTP. */
export const groupsStore = {
  /** Throws UniqueViolation if the gid is taken. */
  async insert(q: Queryable, g: { gid: string; name: string; ownerId: number; description: string; joinMode: string; now: number }): Promise<void> {
    await q.query(
      `insert into groups (gid, name, owner_id, description, join_mode, created) values ($1, $2, $3, $4, $5, $6)`,
      [g.gid, g.name, g.ownerId, g.description, g.joinMode, g.now],
    );
    await q.query(`insert into group_members (gid, user_id, role, joined) values ($1, $2, 'owner', $3)`, [g.gid, g.ownerId, g.now]);
  },

  /**
   * The group, its owner's name and the user's membership, in one statement.
   * `lock` takes the group row for the rest of the transaction, so management
   * operations on one group run one after another.
   */
  async access(q: Queryable, gid: string, userId: number, lock = false): Promise<AccessRow | undefined> {
    const rows = await q.query<AccessRow>(
      `select g.*, o.name as owner_name, m.role as my_role, m.muted as my_muted
         from groups g
         join users o on o.id = g.owner_id
         left join group_members m on m.gid = g.gid and m.user_id = $2
        where g.gid = $1 ${lock ? 'for update of g' : ''}`,
      [gid, userId],
    );
    return rows[0];
  },

  /** `access` (without the owner's name) for many (gid, user) pairs, in the order asked; undefined where there is no such group. One statement. */
  async accessMany(q: Queryable, pairs: ReadonlyArray<{ gid: string; userId: number }>): Promise<Array<(GroupRow & { my_role: GroupRole | null; my_muted: boolean | null }) | undefined>> {
    const rows = await q.query<GroupRow & { my_role: GroupRole | null; my_muted: boolean | null; i: number }>(
      ACCESS_MANY,
      [pairs.map((p) => p.gid), pairs.map((p) => p.userId)],
    );
    const out: Array<(GroupRow & { my_role: GroupRole | null; my_muted: boolean | null }) | undefined> = pairs.map(() => undefined);
    for (const { i, ...row } of rows) out[i - 1] = row;
    return out;
  },

  async byGid(q: Queryable, gid: string): Promise<GroupRow | undefined> {
    return (await q.query<GroupRow>('select * from groups where gid = $1', [gid]))[0];
  },

  async membership(q: Queryable, gid: string, userId: number): Promise<{ role: GroupRole; muted: boolean } | undefined> {
    const rows = await q.query<{ role: GroupRole; muted: boolean }>(
      'select role, muted from group_members where gid = $1 and user_id = $2',
      [gid, userId],
    );
    return rows[0];
  },

  /** The account called `name` (any status) and its membership of the group, in one statement. */
  async target(q: Queryable, gid: string, name: string): Promise<TargetRow | undefined> {
    const rows = await q.query<TargetRow>(
      `select u.id, u.name, u.status, u.allow_invite, m.role, m.muted
         from users u left join group_members m on m.gid = $1 and m.user_id = u.id
        where lower(u.name) = lower($2)`,
      [gid, name],
    );
    return rows[0];
  },

  async memberIds(q: Queryable, gid: string): Promise<number[]> {
    return (await q.query<{ user_id: number }>('select user_id from group_members where gid = $1', [gid])).map((r) => r.user_id);
  },

  /** The owner and the group admins. */
  async managerIds(q: Queryable, gid: string): Promise<number[]> {
    const rows = await q.query<{ user_id: number }>(
      "select user_id from group_members where gid = $1 and role in ('owner', 'admin')",
      [gid],
    );
    return rows.map((r) => r.user_id);
  },

  /** Groups the user belongs to. */
  async gidsOf(q: Queryable, userId: number): Promise<string[]> {
    return (await q.query<{ gid: string }>(GIDS_OF, [userId])).map((r) => r.gid);
  },

  /** Members with what a list shows of them: owner, admins, then members, each by joining time. One statement. */
  async members(q: Queryable, gid: string): Promise<MemberRow[]> {
    return aggregatedRows<MemberRow>(
      q,
      `select u.id, u.name, u.nickname, u.avatar, u.invisible, u.away,
              m.role, m.muted, m.nickname as group_nickname, m.joined, ${ROLE_ORDER} as rank
         from group_members m join users u on u.id = m.user_id
        where m.gid = $1`,
      't.rank, t.joined, t.id',
      [gid],
    );
  },

  /** The user's groups with their role, their remark and the member count, by name. One statement. */
  async mine(q: Queryable, userId: number): Promise<MyGroupRow[]> {
    return q.query<MyGroupRow>(
      `select g.*, o.name as owner_name, m.role, coalesce(r.remark, '') as remark,
              (select count(*)::int from group_members c where c.gid = g.gid) as member_count
         from group_members m
         join groups g on g.gid = m.gid
         join users o on o.id = g.owner_id
         left join group_remarks r on r.gid = g.gid and r.user_id = m.user_id
        where m.user_id = $1
        order by lower(g.name), g.gid`,
      [userId],
    );
  },

  /**
   * Groups whose name contains `pattern` (a lower-case `like` pattern), by
   * name, one page. `openOnly`: open groups only; `notJoinedBy`: leave out the
   * groups this user is in. One statement.
   */
  async list(
    q: Queryable,
    f: { pattern: string; openOnly: boolean; notJoinedBy: number | null; viewer: number; limit: number; offset: number },
  ): Promise<ListedGroupRow[]> {
    return q.query<ListedGroupRow>(
      `select g.*, o.name as owner_name,
              (select count(*)::int from group_members c where c.gid = g.gid) as member_count,
              exists (select 1 from group_members v where v.gid = g.gid and v.user_id = $3) as joined
         from groups g join users o on o.id = g.owner_id
        where lower(g.name) like $1 escape '\\'
          and (not $2::boolean or g.join_mode = 'open')
          and ($4::bigint is null or not exists (select 1 from group_members x where x.gid = g.gid and x.user_id = $4))
        order by lower(g.name), g.gid
        limit $5 offset $6`,
      [f.pattern, f.openOnly, f.viewer, f.notJoinedBy, f.limit, f.offset],
    );
  },

  /** Changes the given settings; absent ones stay. */
  async update(
    q: Queryable,
    gid: string,
    s: Partial<{ name: string; announce: string; avatar: string; muteAll: boolean; memberInviteApprove: boolean; joinMode: string }>,
  ): Promise<void> {
    await q.query(
      `update groups set name = coalesce($2, name), announce = coalesce($3, announce), avatar = coalesce($4, avatar),
              mute_all = coalesce($5, mute_all), member_invite_approve = coalesce($6, member_invite_approve),
              join_mode = coalesce($7, join_mode)
        where gid = $1`,
      [gid, s.name ?? null, s.announce ?? null, s.avatar ?? null, s.muteAll ?? null, s.memberInviteApprove ?? null, s.joinMode ?? null],
    );
  },

  /**
   * Adds a member; false when they already were one. Their open invitations to
   * the group count as accepted and their pending join request as approved:
   * they are in, so nothing is left for anyone to decide.
   */
  async addMember(q: Queryable, gid: string, userId: number, now: number, decidedBy: number | null): Promise<boolean> {
    const added = await q.query(
      `insert into group_members (gid, user_id, role, joined) values ($1, $2, 'member', $3)
       on conflict do nothing returning 1`,
      [gid, userId, now],
    );
    if (added.length === 0) return false;
    await q.query(
      `update group_invites set status = 'accepted', decided = $3
        where gid = $1 and invitee_id = $2 and status in ('awaiting_manager', 'awaiting_invitee')`,
      [gid, userId, now],
    );
    await q.query(
      `update group_join_requests set status = 'approved', decided = $3, decided_by = $4
        where gid = $1 and user_id = $2 and status = 'pending'`,
      [gid, userId, now, decidedBy],
    );
    return true;
  },

  /** Removes a member and their private remark of the group; false when they were not a member. */
  async removeMember(q: Queryable, gid: string, userId: number): Promise<boolean> {
    const gone = await q.query('delete from group_members where gid = $1 and user_id = $2 returning 1', [gid, userId]);
    await q.query('delete from group_remarks where gid = $1 and user_id = $2', [gid, userId]);
    return gone.length > 0;
  },

  async setRole(q: Queryable, gid: string, userId: number, role: GroupRole): Promise<void> {
    await q.query('update group_members set role = $3 where gid = $1 and user_id = $2', [gid, userId, role]);
  },

  /** Ownership moves to `newOwner`; the previous owner stays as a group admin. */
  async transfer(q: Queryable, gid: string, oldOwner: number, newOwner: number): Promise<void> {
    await q.query('update groups set owner_id = $2 where gid = $1', [gid, newOwner]);
    await q.query(
      `update group_members set role = case when user_id = $2 then 'owner' else 'admin' end, muted = false
        where gid = $1 and user_id in ($2, $3)`,
      [gid, newOwner, oldOwner],
    );
  },

  async setMuted(q: Queryable, gid: string, userId: number, muted: boolean): Promise<void> {
    await q.query('update group_members set muted = $3 where gid = $1 and user_id = $2', [gid, userId, muted]);
  },

  async setNickname(q: Queryable, gid: string, userId: number, nickname: string): Promise<void> {
    await q.query('update group_members set nickname = $3 where gid = $1 and user_id = $2', [gid, userId, nickname]);
  },

  async remark(q: Queryable, gid: string, userId: number): Promise<string> {
    const rows = await q.query<{ remark: string }>('select remark from group_remarks where gid = $1 and user_id = $2', [gid, userId]);
    return rows[0]?.remark ?? '';
  },

  /** Sets the remark, or clears it when empty. */
  async setRemark(q: Queryable, gid: string, userId: number, remark: string): Promise<void> {
    if (remark === '') {
      await q.query('delete from group_remarks where gid = $1 and user_id = $2', [gid, userId]);
      return;
    }
    await q.query(
      `insert into group_remarks (gid, user_id, remark) values ($1, $2, $3)
       on conflict (gid, user_id) do update set remark = excluded.remark`,
      [gid, userId, remark],
    );
  },

  /**
   * Which of these upload URLs (`/uploads/<name>`) are some group's avatar. A group avatar is an
   * absolute URL (`https://host/uploads/<name>`, perhaps with a query): its upload path is compared.
   */
  async avatarsAmong(q: Queryable, urls: readonly string[]): Promise<Set<string>> {
    const rows = await q.query<{ url: string }>(
      `select distinct path as url
         from (select substring(avatar from $2::text) as path from groups where avatar like '%/uploads/%') a
        where path = any($1::text[])`,
      [urls, UPLOAD_PATH_IN_URL],
    );
    return new Set(rows.map((r) => r.url));
  },

  /** Deletes the group; members, nicknames, remarks, requests and invitations go with it (foreign-key cascades). */
  async delete(q: Queryable, gid: string): Promise<void> {
    await q.query('delete from groups where gid = $1', [gid]);
  },
};
