import { describe, expect, it } from 'vitest';
import {
  can,
  type GroupActor,
  type GroupOperation,
  inviteNeedsApproval,
  leaveRefusal,
  muteRefusal,
  removeRefusal,
  roleChangeRefusal,
  sendRefusal,
} from '../../src/modules/groups/groups.policy.ts';

const ACTORS = {
  owner: { role: 'owner', platformAdmin: false },
  groupAdmin: { role: 'admin', platformAdmin: false },
  platformAdmin: { role: null, platformAdmin: true },
  member: { role: 'member', platformAdmin: false },
  outsider: { role: null, platformAdmin: false },
} satisfies Record<string, GroupActor>;
type ActorName = keyof typeof ACTORS;

const Y = true;
const N = false;

/**
 * Spec 4.4's permission matrix, one row per operation; columns: owner, group
 * admin, platform admin (not a member), member, outsider.
 */
const MATRIX: Array<[GroupOperation, [boolean, boolean, boolean, boolean, boolean]]> = [
  ['dissolve', [Y, N, Y, N, N]],
  ['rename', [Y, N, Y, N, N]],
  ['announce', [Y, N, Y, N, N]],
  ['avatar', [Y, N, Y, N, N]],
  ['transfer', [Y, N, Y, N, N]],
  ['setRole', [Y, N, Y, N, N]],
  ['removeMember', [Y, N, Y, N, N]],
  ['reviewRequests', [Y, N, Y, N, N]],
  ['inviteSetting', [Y, N, Y, N, N]],
  ['mute', [Y, Y, Y, N, N]],
  ['deleteFile', [Y, Y, Y, N, N]],
  ['muteAll', [Y, Y, Y, N, N]],
  ['approveInvite', [Y, Y, Y, N, N]],
  ['invite', [Y, Y, Y, Y, N]],
  ['nickname', [Y, Y, N, Y, N]],
  ['remark', [Y, Y, N, Y, N]],
  ['viewManage', [Y, Y, Y, N, N]],
  ['viewLog', [Y, Y, Y, N, N]],
  ['viewMembers', [Y, Y, Y, Y, N]],
  ['readMessages', [Y, Y, Y, Y, N]],
  // The owner must transfer first; a platform admin who is not a member has nothing to leave.
  ['leave', [N, Y, N, Y, N]],
];
const COLUMNS: ActorName[] = ['owner', 'groupAdmin', 'platformAdmin', 'member', 'outsider'];

describe('the group permission matrix', () => {
  const cases = MATRIX.flatMap(([op, row]) => COLUMNS.map((actor, i) => [op, actor, row[i]!] as const));
  it.each(cases)('%s by %s → %s', (op, actor, allowed) => {
    expect(can(op, ACTORS[actor])).toBe(allowed);
  });

  it('covers every operation', async () => {
    const { groupPermissions } = await import('../../src/modules/groups/groups.policy.ts');
    expect(MATRIX.map(([op]) => op).sort()).toEqual(Object.keys(groupPermissions).sort());
  });

  it('a platform admin who is also a member keeps the member rights', () => {
    const both: GroupActor = { role: 'member', platformAdmin: true };
    for (const [op] of MATRIX) expect(can(op, both), op).toBe(true);
  });
});

describe('target rules', () => {
  const me = 1;
  it('leave: outsiders 403, the owner 409', () => {
    expect(leaveRefusal(ACTORS.outsider)).toEqual({ status: 403, key: 'api.group.noView' });
    expect(leaveRefusal(ACTORS.owner)).toEqual({ status: 409, key: 'api.group.ownerLeave' });
    expect(leaveRefusal(ACTORS.member)).toBeUndefined();
    expect(leaveRefusal(ACTORS.groupAdmin)).toBeUndefined();
  });

  it('mute: never the owner or oneself; group admins mute plain members only', () => {
    const owner = { ...ACTORS.owner, userId: me };
    const admin = { ...ACTORS.groupAdmin, userId: me };
    const platform = { ...ACTORS.platformAdmin, userId: me };
    expect(muteRefusal(owner, { userId: 2, role: 'member' })).toBeUndefined();
    expect(muteRefusal(owner, { userId: 2, role: 'admin' })).toBeUndefined();
    expect(muteRefusal(owner, { userId: me, role: 'owner' })?.key).toBe('api.group.muteOwner');
    expect(muteRefusal(admin, { userId: me, role: 'admin' })).toEqual({ status: 400, key: 'api.group.muteSelf' });
    expect(muteRefusal(admin, { userId: 2, role: 'owner' })).toEqual({ status: 400, key: 'api.group.muteOwner' });
    expect(muteRefusal(admin, { userId: 2, role: 'admin' })).toEqual({ status: 403, key: 'api.forbidden' });
    expect(muteRefusal(admin, { userId: 2, role: 'member' })).toBeUndefined();
    expect(muteRefusal(platform, { userId: 2, role: 'admin' })).toBeUndefined();
  });

  it("role change and removal: never the owner's", () => {
    expect(roleChangeRefusal({ userId: 2, role: 'owner' })).toBe('api.group.ownerRole');
    expect(roleChangeRefusal({ userId: 2, role: 'admin' })).toBeUndefined();
    expect(removeRefusal({ userId: 2, role: 'owner' })).toBe('api.group.removeOwner');
    expect(removeRefusal({ userId: 2, role: 'member' })).toBeUndefined();
  });

  it('member invitations wait for a manager only when the group asks and the inviter is a plain member', () => {
    const on = { memberInviteApprove: true };
    const off = { memberInviteApprove: false };
    expect(inviteNeedsApproval(ACTORS.member, on)).toBe(true);
    expect(inviteNeedsApproval(ACTORS.member, off)).toBe(false);
    expect(inviteNeedsApproval(ACTORS.groupAdmin, on)).toBe(false);
    expect(inviteNeedsApproval(ACTORS.owner, on)).toBe(false);
    expect(inviteNeedsApproval(ACTORS.platformAdmin, on)).toBe(false);
  });

  it('sending: mute-all binds plain members only; an individual mute binds everyone but platform admins', () => {
    const muteAll = { muteAll: true };
    const open = { muteAll: false };
    const free = { muted: false };
    const muted = { muted: true };
    expect(sendRefusal(ACTORS.member, free, muteAll)).toBe('api.msg.groupMuted');
    expect(sendRefusal(ACTORS.member, free, open)).toBeUndefined();
    expect(sendRefusal(ACTORS.groupAdmin, free, muteAll)).toBeUndefined();
    expect(sendRefusal(ACTORS.owner, free, muteAll)).toBeUndefined();
    expect(sendRefusal(ACTORS.groupAdmin, muted, open)).toBe('api.msg.groupMuted');
    expect(sendRefusal(ACTORS.platformAdmin, undefined, muteAll)).toBeUndefined();
    expect(sendRefusal(ACTORS.outsider, undefined, open)).toBe('api.group.noView');
  });
});
