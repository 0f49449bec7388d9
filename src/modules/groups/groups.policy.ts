/**
 * The group permission matrix of spec 4.4, as pure functions: one predicate
 * per operation, plus the rules about whom an operation may target. Services
 * ask these and nothing else; test/unit/groups.policy.test.ts holds the table.
 */
import type { MessageKey } from '../../i18n/keys.ts';

export type GroupRole = 'owner' | 'admin' | 'member';

/** Who acts on a group: their role in it (null when not a member) and whether they administer the platform. */
export interface GroupActor {
  role: GroupRole | null;
  platformAdmin: boolean;
}

const ownerOrPlatformAdmin = (a: GroupActor) => a.role === 'owner' || a.platformAdmin;
/** Owner, group admin or platform admin: the people who keep order in a group. */
const manager = (a: GroupActor) => a.role === 'owner' || a.role === 'admin' || a.platformAdmin;
const member = (a: GroupActor) => a.role !== null;
const memberOrPlatformAdmin = (a: GroupActor) => a.role !== null || a.platformAdmin;

/** Operation → who may do it. */
export const groupPermissions = {
  dissolve: ownerOrPlatformAdmin,
  rename: ownerOrPlatformAdmin,
  announce: ownerOrPlatformAdmin,
  /** Not in the matrix; grouped with rename and announce (the group's public face). */
  avatar: ownerOrPlatformAdmin,
  transfer: ownerOrPlatformAdmin,
  setRole: ownerOrPlatformAdmin,
  removeMember: ownerOrPlatformAdmin,
  reviewRequests: ownerOrPlatformAdmin,
  /** `groups/invite/setting`: who decides whether members' invitations need approval. */
  inviteSetting: ownerOrPlatformAdmin,
  mute: manager,
  /** `groups/file/delete`: remove a file shared in the group (owner, group admin, platform admin). */
  deleteFile: manager,
  muteAll: manager,
  approveInvite: manager,
  viewManage: manager,
  viewLog: manager,
  invite: memberOrPlatformAdmin,
  nickname: member,
  remark: member,
  viewMembers: memberOrPlatformAdmin,
  readMessages: memberOrPlatformAdmin,
  /** Everyone in the group but the owner, who must transfer first (answered 409, see `leaveRefusal`). */
  leave: (a: GroupActor) => a.role === 'admin' || a.role === 'member',
} satisfies Record<string, (a: GroupActor) => boolean>;

export type GroupOperation = keyof typeof groupPermissions;

/** Whether `actor` may perform `op` on the group. */
export const can = (op: GroupOperation, actor: GroupActor): boolean => groupPermissions[op](actor);

/** Why the actor cannot leave: not in the group (403) or the owner (409); undefined when they can. */
export function leaveRefusal(actor: GroupActor): { status: 403 | 409; key: MessageKey } | undefined {
  if (actor.role === null) return { status: 403, key: 'api.group.noView' };
  if (actor.role === 'owner') return { status: 409, key: 'api.group.ownerLeave' };
  return undefined;
}

/** Whether an invitation by this actor waits for a manager: only plain members' invitations, when the group asks for it. */
export const inviteNeedsApproval = (actor: GroupActor, group: { memberInviteApprove: boolean }): boolean =>
  group.memberInviteApprove && actor.role === 'member' && !actor.platformAdmin;

/** A member an operation is aimed at. */
export interface GroupTarget {
  userId: number;
  role: GroupRole;
}

/**
 * Why the actor may not mute or unmute `target`, or undefined. The owner and
 * oneself are never muted (400); a group admin may mute plain members only
 * (403), so admins cannot silence each other.
 */
export function muteRefusal(actor: GroupActor & { userId: number }, target: GroupTarget): { status: 400 | 403; key: MessageKey } | undefined {
  if (target.role === 'owner') return { status: 400, key: 'api.group.muteOwner' };
  if (target.userId === actor.userId) return { status: 400, key: 'api.group.muteSelf' };
  if (actor.role === 'admin' && !actor.platformAdmin && target.role !== 'member') return { status: 403, key: 'api.forbidden' };
  return undefined;
}

/** The owner's role cannot change and the owner cannot be removed (400); undefined when the target is fine. */
export function roleChangeRefusal(target: GroupTarget): MessageKey | undefined {
  return target.role === 'owner' ? 'api.group.ownerRole' : undefined;
}

export function removeRefusal(target: GroupTarget): MessageKey | undefined {
  return target.role === 'owner' ? 'api.group.removeOwner' : undefined;
}

/**
 * For the messaging module: why this sender may not post in the group, or
 * undefined. Not a member (and not a platform admin): `api.group.noView`.
 * Muted individually, or a plain member under mute-all: `api.msg.groupMuted`.
 * Owners and group admins are not bound by mute-all; platform admins by neither.
 */
export function sendRefusal(
  actor: GroupActor,
  membership: { muted: boolean } | undefined,
  group: { muteAll: boolean },
): MessageKey | undefined {
  if (actor.platformAdmin) return undefined;
  if (actor.role === null || !membership) return 'api.group.noView';
  if (membership.muted) return 'api.msg.groupMuted';
  if (group.muteAll && actor.role === 'member') return 'api.msg.groupMuted';
  return undefined;
}
