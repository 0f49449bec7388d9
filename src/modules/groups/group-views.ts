import type { z } from 'zod';
import type { InviteRow } from './admission.store.ts';
import type { GroupLogRow } from './group-log.store.ts';
import type { invitationSchema, memberSchema } from './groups.schema.ts';
import type { GroupRow, ListedGroupRow, MemberRow, MyGroupRow } from './groups.store.ts';

/** Response shapes of the groups API, built from store rows. */

/** Spec 2.7, plus `groupName` and `awaiting` (who must act next while pending). */
export type InvitationView = z.infer<typeof invitationSchema>;

export const publicStatus = (s: InviteRow['status']): InvitationView['status'] =>
  s === 'accepted' || s === 'rejected' ? s : 'pending';

export const awaitingOf = (s: InviteRow['status']): InvitationView['awaiting'] =>
  s === 'awaiting_manager' ? 'manager' : s === 'awaiting_invitee' ? 'invitee' : null;

export const invitationView = (i: InviteRow): InvitationView => ({
  id: i.id,
  gid: i.gid,
  groupName: i.group_name,
  inviter: i.inviter,
  invitee: i.invitee,
  created: i.created,
  status: publicStatus(i.status),
  awaiting: awaitingOf(i.status),
});

/** The group's settings (spec 2.6 and the `groups/manage` shape). */
export const settingsView = (g: GroupRow & { owner_name: string }) => ({
  gid: g.gid,
  name: g.name,
  owner: g.owner_name,
  announce: g.announce,
  avatar: g.avatar,
  desc: g.description,
  joinMode: g.join_mode,
  muteAll: g.mute_all,
  memberInviteApprove: g.member_invite_approve,
  created: g.created,
});

/** GET /api/groups entry: the settings plus the caller's role, private remark and the member count. */
export const myGroupView = (g: MyGroupRow) => ({
  ...settingsView(g),
  role: g.role,
  remark: g.remark,
  memberCount: g.member_count,
});

/** groups/search and groups/all entry. */
export const listedGroupView = (g: ListedGroupRow) => ({
  gid: g.gid,
  name: g.name,
  owner: g.owner_name,
  avatar: g.avatar,
  desc: g.description,
  joinMode: g.join_mode,
  memberCount: g.member_count,
  joined: g.joined,
});

/** A member: spec 2.6 (`name`, `online`, `role`) plus avatar, group nickname, mute and joining time. */
export type MemberView = z.infer<typeof memberSchema>;

export const memberView = (m: MemberRow, online: ReadonlyMap<number, boolean>): MemberView => ({
  name: m.name,
  online: online.get(m.id) ?? false,
  role: m.role,
  image: m.avatar,
  nickname: m.group_nickname,
  muted: m.muted,
  joined: m.joined,
});

/**
 * A log entry: `detail` is a JSON string of what changed, with the member it
 * was about as `target` (by current name; empty once that account is gone).
 */
export const logView = (l: GroupLogRow) => ({
  actor: l.actor ?? '',
  action: l.action,
  target: l.target ?? '',
  detail: JSON.stringify(l.target === null ? l.detail : { target: l.target, ...l.detail }),
  ts: l.ts,
});
