import type { Hooks } from '../context.ts';
import type { Db } from '../db/index.ts';
import { prepared } from '../db/prepared.ts';
import type { FriendsService } from './friends/friends.service.ts';
import type { GroupsService } from './groups/groups.service.ts';
import { groupsStore } from './groups/groups.store.ts';

const PRESENCE_AUDIENCE = prepared(`select user_hi as id from friendships where user_lo = $1
  union select user_lo from friendships where user_hi = $1
  union select other.user_id from group_members mine
          join group_members other on other.gid = mine.gid
         where mine.user_id = $1`);

/**
 * Who may see a user's presence: their friends and everyone who shares a group
 * with them. One prepared statement over both modules' tables, since the hook
 * runs on every connect, disconnect and status switch.
 */
export async function presenceAudience(db: Db, userId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(PRESENCE_AUDIENCE, [userId]);
  return rows.map((r) => r.id);
}

/**
 * The hooks the social graph contributes: presence audience, the group rooms a
 * new connection joins, what tells friends and groups of a deleted account, and
 * group avatars (uploaded files that never expire and cannot be deleted).
 */
export function socialHooks(
  db: Db,
  groups: GroupsService,
  friends: FriendsService,
): Pick<Hooks, 'presenceAudience' | 'socketRooms' | 'beforeUserDelete' | 'avatarFiles'> {
  return {
    presenceAudience: [(userId) => presenceAudience(db, userId)],
    socketRooms: [(userId) => groups.roomsOf(userId)],
    beforeUserDelete: [(q, userId) => groups.beforeUserDelete(q, userId), (q, userId) => friends.beforeUserDelete(q, userId)],
    avatarFiles: [(urls, q) => groupsStore.avatarsAmong(q, urls)],
  };
}
