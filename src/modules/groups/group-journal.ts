import type { Queryable } from '../../db/index.ts';
import { audit } from '../audit/audit.service.ts';
import { usersStore } from '../users/users.store.ts';
import { type GroupLogAction, type GroupLogEntry, groupLogStore } from './group-log.store.ts';

/**
 * Group operations that also go to the administrators' audit log (as
 * `group.<action>`): management by the owner and group admins. A member's own
 * comings and goings (join, leave, requests, invitations they send or answer)
 * stay in the group's log only, so they cannot crowd out the 5000 entries.
 */
export const AUDITED_GROUP_ACTIONS: ReadonlySet<GroupLogAction> = new Set<GroupLogAction>([
  'create',
  'dissolve',
  'remove',
  'rename',
  'avatar',
  'announce',
  'transfer',
  'role',
  'mute',
  'muteAll',
  'settings',
  'request.approve',
  'request.reject',
  'invite.approve',
]);

/** Who did it, and to which group (its name as it was when the operation ran). */
export interface GroupActorRef {
  userId: number;
  name: string;
  ip: string;
  group: { gid: string; name: string };
}

/**
 * Writes the group log entry and, for management, the audit entry, both in
 * the operation's transaction `q`.
 */
export async function recordGroupAction(q: Queryable, by: GroupActorRef, entry: Omit<GroupLogEntry, 'gid' | 'actorId'>): Promise<void> {
  const { gid, name } = by.group;
  await groupLogStore.write(q, { ...entry, gid, actorId: by.userId });
  if (!AUDITED_GROUP_ACTIONS.has(entry.action)) return;
  const member = entry.targetId === undefined ? undefined : (await usersStore.byId(q, entry.targetId))?.name;
  await audit(q, {
    actor: { id: by.userId, name: by.name, ip: by.ip },
    action: `group.${entry.action}`,
    target: gid,
    detail: { k: 'api.audit.group', v: { gid, group: name, op: entry.action, ...(member === undefined ? {} : { member }) } },
    ts: entry.ts,
  });
}
