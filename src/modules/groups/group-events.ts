import type {
  GroupInvitesPayload,
  GroupMembersPayload,
  GroupRequestsPayload,
  GroupsChangedPayload,
} from '../../realtime/events.ts';
import type { Notifier } from '../../realtime/notifier.ts';

/**
 * The group events of spec 6, sent through the notifier (every node). Each goes
 * to the group's room and to the users the change is about (who may not be in
 * the room yet, or any more), in one emit so nobody gets it twice. Call only
 * after the transaction has committed.
 */
export class GroupEvents {
  constructor(private readonly notifier: Notifier) {}

  /** The member list changed. Emit after `joined` and before `left` so the subject hears of it. */
  members(gid: string, action: GroupMembersPayload['action'], name: string, about: readonly number[]): void {
    this.notifier.toGroupAndUsers(gid, about, 'group.members', { gid, name, action });
  }

  /** The group's settings changed. */
  changed(gid: string, action: GroupsChangedPayload['action'], about: readonly number[]): void {
    this.notifier.toGroupAndUsers(gid, about, 'groups.changed', { gid, action });
  }

  /** To the people an invitation concerns (never the whole group). */
  invites(to: readonly number[], payload: GroupInvitesPayload): void {
    this.notifier.toUsers([...new Set(to)], 'group.invites', payload);
  }

  /** To the group's managers and the requester. */
  requests(to: readonly number[], payload: GroupRequestsPayload): void {
    this.notifier.toUsers([...new Set(to)], 'group.requests', payload);
  }

  /** The users' live sockets enter the group's room, on whatever node they are. */
  joined(gid: string, userIds: readonly number[]): void {
    this.notifier.joinGroup(userIds, gid);
  }

  /** The users' live sockets leave the group's room on every node before this resolves. */
  left(gid: string, userIds: readonly number[]): Promise<void> {
    return this.notifier.leaveGroup(userIds, gid);
  }

  /** Empties the room of a dissolved group. */
  closed(gid: string): void {
    this.notifier.closeGroup(gid);
  }
}
