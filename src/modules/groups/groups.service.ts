import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest, conflict, forbidden, notFound, UniqueViolation } from '../../errors.ts';
import { likePattern } from '../../lib/fields.ts';
import type { Identity } from '../../identity.ts';
import { randomHex } from '../../lib/crypto.ts';
import { rooms } from '../../realtime/rooms.ts';
import type { UsersService } from '../users/users.service.ts';
import { admissionStore } from './admission.store.ts';
import { type GroupAccess, loadAccess, refusal, requirePermission } from './group-access.ts';
import { GroupEvents } from './group-events.ts';
import { recordGroupAction } from './group-journal.ts';
import { type GroupLogAction, type GroupLogEntry, groupLogStore } from './group-log.store.ts';
import { invitationView, listedGroupView, logView, memberView, myGroupView, settingsView } from './group-views.ts';
import { type GroupOperation, type GroupRole, leaveRefusal, muteRefusal, removeRefusal, roleChangeRefusal } from './groups.policy.ts';
import type { CreateBody, GroupListQuery, InviteSettingBody, LogsQuery } from './groups.schema.ts';
import { type GroupRow, groupsStore, type TargetRow } from './groups.store.ts';

/** What other modules need to know about a group. */
export interface GroupInfo {
  gid: string;
  name: string;
  ownerId: number;
  joinMode: 'open' | 'review';
  /** While on, plain members cannot send (owner and group admins still can). */
  muteAll: boolean;
  memberInviteApprove: boolean;
}

/** A group and a user's membership of it as read together, and the group's access_version at that read. */
export interface GroupAndMembership {
  group: GroupInfo;
  membership: Membership | undefined;
  /** Unchanged for as long as the group's row and every member row are (migration 0017). */
  version: number;
}

/** A user's place in a group. */
export interface Membership {
  role: GroupRole;
  /** Muted individually by a manager: cannot send, whatever mute-all says. */
  muted: boolean;
}

const infoOf = (g: GroupRow): GroupInfo => ({
  gid: g.gid,
  name: g.name,
  ownerId: g.owner_id,
  joinMode: g.join_mode,
  muteAll: g.mute_all,
  memberInviteApprove: g.member_invite_approve,
});

/**
 * Groups: lifecycle, settings, members, roles and muting, remarks and
 * nicknames, and the lists. Every permission question goes to groups.policy;
 * every management operation writes a group log entry in its transaction;
 * events go out after the commit. Invitations and join requests live in
 * AdmissionService.
 */
export class GroupsService {
  private readonly events: GroupEvents;

  constructor(
    private readonly ctx: AppContext,
    private readonly users: UsersService,
  ) {
    this.events = new GroupEvents(ctx.notifier);
  }

  // ---- for other modules (one query each) ----

  /** The user's role and mute in the group, or undefined when they are not a member (or there is no such group). */
  async membership(gid: string, userId: number): Promise<Membership | undefined> {
    return groupsStore.membership(this.ctx.db, gid, userId);
  }

  /** The group's settings (`muteAll`, owner, ...), or undefined when there is no such group. */
  async groupInfo(gid: string): Promise<GroupInfo | undefined> {
    const g = await groupsStore.byGid(this.ctx.db, gid);
    return g && infoOf(g);
  }

  /** The group and the user's membership together (undefined when there is no such group): what a send check needs. */
  async groupAndMembership(gid: string, userId: number): Promise<{ group: GroupInfo; membership: Membership | undefined } | undefined> {
    const g = await groupsStore.access(this.ctx.db, gid, userId);
    if (!g) return undefined;
    return { group: infoOf(g), membership: g.my_role === null ? undefined : { role: g.my_role, muted: g.my_muted ?? false } };
  }

  /** `groupAndMembership` for many (gid, user) pairs in one statement, in the order asked. */
  async groupAndMembershipMany(pairs: ReadonlyArray<{ gid: string; userId: number }>): Promise<Array<GroupAndMembership | undefined>> {
    const rows = await groupsStore.accessMany(this.ctx.db, pairs);
    return rows.map((g) =>
      g
        ? {
            group: infoOf(g),
            membership: g.my_role === null ? undefined : { role: g.my_role, muted: g.my_muted ?? false },
            version: g.access_version,
          }
        : undefined,
    );
  }

  /** Ids of every member, owner included. */
  async memberIds(gid: string): Promise<number[]> {
    return groupsStore.memberIds(this.ctx.db, gid);
  }

  /** The rooms of the user's groups (the socket-rooms hook: a new connection joins them). */
  async roomsOf(userId: number): Promise<string[]> {
    return (await groupsStore.gidsOf(this.ctx.db, userId)).map(rooms.group);
  }

  /**
   * The `beforeUserDelete` hook (POST /api/admin/user/del), run inside the
   * deleting transaction. Each group the user owns passes to its oldest group
   * admin, else its oldest member (logged as a transfer); a group with nobody
   * else is dissolved with the account (the rows cascade). The user leaves every
   * other group. The returned work tells the members after the commit.
   */
  async beforeUserDelete(q: Queryable, userId: number): Promise<(() => void) | undefined> {
    const rows = await q.query<{ gid: string; owned: boolean; name: string; successor: number | null; successor_name: string | null }>(
      `select m.gid, g.owner_id = m.user_id as owned, u.name, s.user_id as successor, su.name as successor_name
         from group_members m
         join groups g on g.gid = m.gid
         join users u on u.id = m.user_id
         left join lateral (
           select o.user_id from group_members o
            where o.gid = m.gid and o.user_id <> m.user_id
            order by (o.role = 'admin') desc, o.joined, o.user_id
            limit 1
         ) s on g.owner_id = m.user_id
         left join users su on su.id = s.user_id
        where m.user_id = $1`,
      [userId],
    );
    if (rows.length === 0) return undefined;
    const now = this.ctx.clock.now();
    const dissolved: Array<{ gid: string; members: number[] }> = [];
    const transferred: Array<{ gid: string; to: number; toName: string }> = [];
    for (const r of rows.filter((row) => row.owned)) {
      if (r.successor === null) {
        dissolved.push({ gid: r.gid, members: [] });
        continue;
      }
      await groupsStore.transfer(q, r.gid, userId, r.successor);
      await groupLogStore.write(q, { gid: r.gid, actorId: r.successor, action: 'transfer', targetId: r.successor, detail: { reason: 'ownerDeleted' }, ts: now });
      transferred.push({ gid: r.gid, to: r.successor, toName: r.successor_name ?? '' });
    }
    const left = rows.filter((r) => !r.owned || r.successor !== null);
    return () => {
      for (const g of dissolved) this.events.closed(g.gid);
      for (const t of transferred) {
        this.events.changed(t.gid, 'transfer', [t.to]);
        this.events.members(t.gid, 'transfer', t.toName, [t.to]);
      }
      for (const r of left) this.events.members(r.gid, 'remove', r.name, []);
    };
  }

  // ---- reads ----

  /** GET /api/groups: the caller's groups. One statement. */
  async mine(who: Identity) {
    return (await groupsStore.mine(this.ctx.db, who.userId)).map(myGroupView);
  }

  /** GET /api/groups/members: members and platform admins only (403 `api.group.noView`). Two statements. */
  async members(who: Identity, gid: string) {
    const access = await loadAccess(this.ctx.db, who, gid);
    requirePermission('viewMembers', access);
    const rows = await groupsStore.members(this.ctx.db, gid);
    const online = await this.users.onlineOf(rows);
    return rows.map((m) => memberView(m, online));
  }

  /** GET /api/groups/search: open groups whose name contains `q`. One statement. */
  async search(who: Identity, query: GroupListQuery) {
    const rows = await groupsStore.list(this.ctx.db, {
      pattern: likePattern(query.q),
      openOnly: true,
      notJoinedBy: null,
      viewer: who.userId,
      limit: query.limit,
      offset: query.offset,
    });
    return rows.map(listedGroupView);
  }

  /** GET /api/groups/all: open groups the caller is not in; every group for a platform admin. One statement. */
  async joinable(who: Identity, query: GroupListQuery) {
    const admin = who.role === 'admin';
    const rows = await groupsStore.list(this.ctx.db, {
      pattern: likePattern(query.q),
      openOnly: !admin,
      notJoinedBy: admin ? null : who.userId,
      viewer: who.userId,
      limit: query.limit,
      offset: query.offset,
    });
    return rows.map(listedGroupView);
  }

  /** GET /api/groups/manage: settings, members, pending requests and open invitations. Four statements. */
  async manage(who: Identity, gid: string) {
    const access = await loadAccess(this.ctx.db, who, gid);
    requirePermission('viewManage', access);
    const [members, requests, invites] = await Promise.all([
      groupsStore.members(this.ctx.db, gid),
      admissionStore.pendingRequests(this.ctx.db, gid),
      admissionStore.openInvites(this.ctx.db, gid),
    ]);
    const online = await this.users.onlineOf(members);
    return {
      group: settingsView(access.group),
      myRole: access.actor.role,
      members: members.map((m) => memberView(m, online)),
      requests: requests.map((r) => ({ name: r.name, created: r.created })),
      invites: invites.map(invitationView),
    };
  }

  /** GET /api/groups/logs: newest first, one page, and the total. Three statements. */
  async logs(who: Identity, query: LogsQuery) {
    const access = await loadAccess(this.ctx.db, who, query.gid);
    requirePermission('viewLog', access);
    const page = await groupLogStore.page(this.ctx.db, query.gid, query.limit, query.offset);
    return { total: page.total, logs: page.rows.map(logView) };
  }

  /** GET /api/groups/remark: the caller's private remark, empty when unset; members only. */
  async remark(who: Identity, gid: string): Promise<string> {
    const access = await loadAccess(this.ctx.db, who, gid);
    requirePermission('remark', access);
    return groupsStore.remark(this.ctx.db, gid, who.userId);
  }

  // ---- writes ----

  /** POST /api/groups: the caller becomes the owner. */
  async create(who: Identity & { ip?: string }, body: CreateBody): Promise<{ gid: string; name: string }> {
    const now = this.ctx.clock.now();
    for (let attempt = 0; ; attempt++) {
      const gid = randomHex(8);
      try {
        await this.ctx.db.tx(async (q) => {
          await groupsStore.insert(q, { gid, name: body.name, ownerId: who.userId, description: body.desc, joinMode: body.joinMode, now });
          const by = { userId: who.userId, name: who.name, ip: who.ip ?? '', group: { gid, name: body.name } };
          await recordGroupAction(q, by, { action: 'create', detail: { name: body.name }, ts: now });
        });
        this.events.joined(gid, [who.userId]);
        this.events.changed(gid, 'create', [who.userId]);
        return { gid, name: body.name };
      } catch (err) {
        // 64 random bits rarely collide; draw again.
        if (err instanceof UniqueViolation && attempt < 5) continue;
        throw err;
      }
    }
  }

  /** DELETE /api/groups: members, nicknames, remarks, requests and invitations go in one transaction. */
  async dissolve(who: Identity, gid: string): Promise<void> {
    const members = await this.write(who, gid, 'dissolve', async (q, a) => {
      const ids = await groupsStore.memberIds(q, gid);
      await this.log(q, a, 'dissolve', { detail: { name: a.group.name } });
      await groupsStore.delete(q, gid);
      return ids;
    });
    this.events.changed(gid, 'dissolve', [...members, who.userId]);
    this.events.closed(gid);
  }

  /** POST /api/groups/join: open groups only (403 `api.group.needsReview`); 409 when already a member. */
  async join(who: Identity, gid: string): Promise<void> {
    await this.write(who, gid, null, async (q, a) => {
      if (a.actor.role !== null) throw conflict('api.group.alreadyMember');
      if (a.group.join_mode !== 'open') throw forbidden('api.group.needsReview');
      await groupsStore.addMember(q, gid, who.userId, this.ctx.clock.now(), null);
      await this.log(q, a, 'join');
    });
    this.events.joined(gid, [who.userId]);
    this.events.members(gid, 'join', who.name, [who.userId]);
  }

  /** POST /api/groups/leave: the owner must transfer or dissolve first (409). */
  async leave(who: Identity, gid: string): Promise<void> {
    await this.write(who, gid, null, async (q, a) => {
      const refused = leaveRefusal(a.actor);
      if (refused) throw refusal(refused);
      await groupsStore.removeMember(q, gid, who.userId);
      await this.log(q, a, 'leave');
    });
    this.events.members(gid, 'leave', who.name, [who.userId]);
    await this.events.left(gid, [who.userId]);
  }

  /** POST /api/groups/rename. */
  async rename(who: Identity, gid: string, name: string): Promise<void> {
    await this.write(who, gid, 'rename', async (q, a) => {
      await groupsStore.update(q, gid, { name });
      await this.log(q, a, 'rename', { detail: { from: a.group.name, to: name } });
    });
    this.events.changed(gid, 'rename', [who.userId]);
  }

  /** POST /api/groups/avatar (the URL is checked by the schema; one naming an upload here, by the users module). */
  async setAvatar(who: Identity, gid: string, avatar: string): Promise<void> {
    await this.write(who, gid, 'avatar', async (q, a) => {
      await this.users.checkLinkedAvatar(who, avatar);
      await groupsStore.update(q, gid, { avatar });
      await this.log(q, a, 'avatar', { detail: { avatar } });
    });
    this.events.changed(gid, 'avatar', [who.userId]);
  }

  /** POST /api/groups/announce (length is checked by the schema: 413 over 500). */
  async announce(who: Identity, gid: string, announce: string): Promise<void> {
    await this.write(who, gid, 'announce', async (q, a) => {
      await groupsStore.update(q, gid, { announce });
      await this.log(q, a, 'announce', { detail: { announce } });
    });
    this.events.changed(gid, 'announce', [who.userId]);
  }

  /** POST /api/groups/muteall. */
  async muteAll(who: Identity, gid: string, val: boolean): Promise<void> {
    await this.write(who, gid, 'muteAll', async (q, a) => {
      await groupsStore.update(q, gid, { muteAll: val });
      await this.log(q, a, 'muteAll', { detail: { val } });
    });
    this.events.changed(gid, 'muteAll', [who.userId]);
  }

  /** POST /api/groups/invite/setting: member-invitation approval and (additive) the join mode. */
  async settings(who: Identity, body: InviteSettingBody): Promise<void> {
    await this.write(who, body.gid, 'inviteSetting', async (q, a) => {
      const change = {
        ...(body.memberInviteApprove === undefined ? {} : { memberInviteApprove: body.memberInviteApprove }),
        ...(body.joinMode === undefined ? {} : { joinMode: body.joinMode }),
      };
      await groupsStore.update(q, body.gid, change);
      await this.log(q, a, 'settings', { detail: change });
    });
    this.events.changed(body.gid, 'settings', [who.userId]);
  }

  /** POST /api/groups/members/remove: the owner cannot be removed (400). */
  async removeMember(who: Identity, gid: string, name: string): Promise<void> {
    const target = await this.write(who, gid, 'removeMember', async (q, a) => {
      const t = await this.member(q, gid, name);
      const refused = removeRefusal({ userId: t.id, role: t.role });
      if (refused) throw badRequest(refused);
      await groupsStore.removeMember(q, gid, t.id);
      await this.log(q, a, 'remove', { target: t.id });
      return t;
    });
    this.events.members(gid, 'remove', target.name, [target.id, who.userId]);
    await this.events.left(gid, [target.id]);
  }

  /** POST /api/groups/transfer: to a member only (400); the previous owner stays as a group admin. */
  async transfer(who: Identity, gid: string, name: string): Promise<void> {
    const { target, previous } = await this.write(who, gid, 'transfer', async (q, a) => {
      const t = await groupsStore.target(q, gid, name);
      if (!t) throw notFound('api.user.notFound');
      if (t.role === null) throw badRequest('api.group.transferNonMember');
      if (t.role === 'owner') throw badRequest('api.group.alreadyOwner');
      await groupsStore.transfer(q, gid, a.group.owner_id, t.id);
      await this.log(q, a, 'transfer', { target: t.id });
      return { target: t, previous: a.group.owner_id };
    });
    const about = [target.id, previous, who.userId];
    this.events.changed(gid, 'transfer', about);
    this.events.members(gid, 'transfer', target.name, about);
  }

  /** POST /api/groups/member/role: admin or member; the owner's role cannot change (400). */
  async setRole(who: Identity, gid: string, name: string, role: 'admin' | 'member'): Promise<void> {
    const target = await this.write(who, gid, 'setRole', async (q, a) => {
      const t = await this.member(q, gid, name);
      const refused = roleChangeRefusal({ userId: t.id, role: t.role });
      if (refused) throw badRequest(refused);
      await groupsStore.setRole(q, gid, t.id, role);
      await this.log(q, a, 'role', { target: t.id, detail: { role } });
      return t;
    });
    this.events.changed(gid, 'role', [target.id, who.userId]);
    this.events.members(gid, 'role', target.name, [target.id, who.userId]);
  }

  /** POST /api/groups/member/mute: never the owner or oneself (400); group admins mute plain members only. */
  async mute(who: Identity, gid: string, name: string, muted: boolean): Promise<void> {
    const target = await this.write(who, gid, 'mute', async (q, a) => {
      const t = await this.member(q, gid, name);
      const refused = muteRefusal(a.actor, { userId: t.id, role: t.role });
      if (refused) throw refusal(refused);
      await groupsStore.setMuted(q, gid, t.id, muted);
      await this.log(q, a, 'mute', { target: t.id, detail: { muted } });
      return t;
    });
    this.events.members(gid, 'mute', target.name, [target.id, who.userId]);
  }

  /** POST /api/groups/member/nickname: the caller's own, public in the group; empty clears. */
  async setNickname(who: Identity, gid: string, nickname: string): Promise<void> {
    await this.write(who, gid, 'nickname', (q) => groupsStore.setNickname(q, gid, who.userId, nickname));
    this.events.members(gid, 'nickname', who.name, [who.userId]);
  }

  /** POST /api/groups/remark: private to the caller; empty clears. No event: nobody else may know. */
  async setRemark(who: Identity, gid: string, remark: string): Promise<void> {
    await this.write(who, gid, 'remark', (q) => groupsStore.setRemark(q, gid, who.userId, remark));
  }

  // ---- helpers ----

  /**
   * Runs `fn` in a transaction holding the group row, once the policy allows
   * `op` (null: the operation checks the caller itself).
   */
  private write<T>(who: Identity, gid: string, op: GroupOperation | null, fn: (q: Queryable, a: GroupAccess) => Promise<T>): Promise<T> {
    return this.ctx.db.tx(async (q) => {
      const access = await loadAccess(q, who, gid, true);
      if (op) requirePermission(op, access);
      return fn(q, access);
    });
  }

  /** The member called `name`: 404 `api.user.notFound` for no such account, `api.group.notMember` for an outsider. */
  private async member(q: Queryable, gid: string, name: string): Promise<TargetRow & { role: GroupRole }> {
    const t = await groupsStore.target(q, gid, name);
    if (!t) throw notFound('api.user.notFound');
    if (t.role === null) throw notFound('api.group.notMember');
    return { ...t, role: t.role };
  }

  /** Records `action` by the caller in the operation's transaction (group log, and audit log for management). */
  private log(q: Queryable, a: GroupAccess, action: GroupLogAction, extra: { target?: number; detail?: GroupLogEntry['detail'] } = {}) {
    return recordGroupAction(q, { ...a.actor, group: a.group }, { action, targetId: extra.target, detail: extra.detail, ts: this.ctx.clock.now() });
  }
}
