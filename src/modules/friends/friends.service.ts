import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest, conflict, forbidden, notFound, UniqueViolation } from '../../errors.ts';
import type { Identity } from '../../identity.ts';
import type { FriendsChangedPayload } from '../../realtime/events.ts';
import type { UserListEntry, UsersService } from '../users/users.service.ts';
import { usersStore } from '../users/users.store.ts';
import { requestRefusal } from './friends.policy.ts';
import { friendsStore, type Peer } from './friends.store.ts';

export type { Peer } from './friends.store.ts';

/** A friend in GET /api/friends: the list entry and the caller's private remark. */
export type FriendEntry = UserListEntry & { remark: string };
/** A pending request in GET /api/friends (`requests` incoming, `sent` outgoing). */
export type FriendRequestEntry = UserListEntry & { created: number };

/**
 * Friendships (symmetric, one record per pair), friend requests and remarks.
 * `friends.changed` goes to the two people concerned only, after the commit.
 */
export class FriendsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly users: UsersService,
  ) {}

  /** Whether `a` and `b` are friends (one query). The messaging gate for private messages. */
  async areFriends(a: number, b: number): Promise<boolean> {
    return friendsStore.areFriends(this.ctx.db, a, b);
  }

  /** For each (asker, name): the account of that name and whether it is the asker's friend. One statement. */
  async peersByName(asks: ReadonlyArray<{ askerId: number; name: string }>): Promise<Array<Peer | undefined>> {
    return friendsStore.peersByName(this.ctx.db, asks);
  }

  /** GET /api/friends: friends with remarks, incoming requests and sent requests. Two statements. */
  async list(who: Identity): Promise<{ users: FriendEntry[]; requests: FriendRequestEntry[]; sent: FriendRequestEntry[] }> {
    const [friends, pending] = await Promise.all([
      friendsStore.listFriends(this.ctx.db, who.userId),
      friendsStore.listRequests(this.ctx.db, who.userId),
    ]);
    const online = await this.users.onlineOf([...friends, ...pending]);
    return {
      users: friends.map((f) => ({ ...this.users.entry(f, online), remark: f.remark })),
      requests: pending.filter((r) => !r.outgoing).map((r) => ({ ...this.users.entry(r, online), created: r.created })),
      sent: pending.filter((r) => r.outgoing).map((r) => ({ ...this.users.entry(r, online), created: r.created })),
    };
  }

  /** POST /api/friends/request: 404 unknown user, 400 oneself, 409 already friends or a request either way. */
  async request(who: Identity, name: string): Promise<void> {
    const other = await this.users.activeByName(name);
    if (other.id === who.userId) throw badRequest('api.friend.self');
    await this.ctx.db.tx(async (q) => {
      const refusal = requestRefusal(await friendsStore.relation(q, who.userId, other.id));
      if (refusal) throw conflict(refusal);
      try {
        await friendsStore.insertRequest(q, who.userId, other.id, this.ctx.clock.now());
      } catch (err) {
        // A request crossed ours between the check and the insert.
        if (err instanceof UniqueViolation) throw conflict('api.friend.alreadyRequested');
        throw err;
      }
    });
    this.notify(who, { id: other.id, name: other.name }, 'request');
  }

  /** POST /api/friends/accept: the other person's pending request becomes a friendship (404 without one). */
  async accept(who: Identity, name: string): Promise<void> {
    const other = await this.existing(name);
    await this.ctx.db.tx(async (q) => {
      if (!(await friendsStore.deleteRequest(q, other.id, who.userId))) throw notFound('api.friend.noRequest');
      await friendsStore.insertFriendship(q, who.userId, other.id, this.ctx.clock.now());
    });
    this.notify(who, other, 'accept');
  }

  /**
   * POST /api/friends/decline: drops the other person's request to the caller;
   * failing that, withdraws the caller's own request to them (404 when neither exists).
   */
  async decline(who: Identity, name: string): Promise<void> {
    const other = await this.existing(name);
    const action = await this.ctx.db.tx(async (q) => {
      if (await friendsStore.deleteRequest(q, other.id, who.userId)) return 'decline' as const;
      if (await friendsStore.deleteRequest(q, who.userId, other.id)) return 'cancel' as const;
      throw notFound('api.friend.noRequest');
    });
    this.notify(who, other, action);
  }

  /** POST /api/friends/remove: ends the friendship and both remarks (403 `api.friend.notFriend` when not friends). */
  async remove(who: Identity, name: string): Promise<void> {
    const other = await this.existing(name);
    const removed = await this.ctx.db.tx((q) => friendsStore.deleteFriendship(q, who.userId, other.id));
    if (!removed) throw forbidden('api.friend.notFriend');
    this.notify(who, other, 'remove');
  }

  /** POST /api/friends/remark: 403 `api.friend.notFound` for an unknown name, `api.friend.notFriend` for a non-friend. */
  async remark(who: Identity, to: string, remark: string): Promise<void> {
    const other = await usersStore.byName(this.ctx.db, to);
    if (!other) throw forbidden('api.friend.notFound');
    if (!(await friendsStore.areFriends(this.ctx.db, who.userId, other.id))) throw forbidden('api.friend.notFriend');
    await friendsStore.setRemark(this.ctx.db, who.userId, other.id, remark);
  }

  /** Any account by name, whatever its status (a banned friend can still be removed); 404 otherwise. */
  private async existing(name: string): Promise<{ id: number; name: string }> {
    const u = await usersStore.byName(this.ctx.db, name);
    if (!u) throw notFound('api.user.notFound');
    return { id: u.id, name: u.name };
  }

  /**
   * The `beforeUserDelete` hook (POST /api/admin/user/del): the account's
   * friendships and requests cascade with it; its friends and the other
   * parties of its pending requests get `friends.changed` `remove` after the
   * commit (`name` and `by`: the deleted account), so their lists drop it.
   */
  async beforeUserDelete(q: Queryable, userId: number): Promise<(() => void) | undefined> {
    const rows = await q.query<{ id: number; name: string }>(
      `select o.id, u.name
         from (select user_hi as id from friendships where user_lo = $1
               union select user_lo from friendships where user_hi = $1
               union select to_id from friend_requests where from_id = $1
               union select from_id from friend_requests where to_id = $1) o
         join users u on u.id = $1`,
      [userId],
    );
    if (rows.length === 0) return undefined;
    const name = rows[0]!.name;
    const others = rows.map((r) => r.id);
    return () => this.ctx.notifier.toUsers(others, 'friends.changed', { name, by: name, action: 'remove' });
  }

  /** `friends.changed` to both parties: each learns the other's name. */
  private notify(who: Identity, other: { id: number; name: string }, action: FriendsChangedPayload['action']): void {
    this.ctx.notifier.toUser(who.userId, 'friends.changed', { name: other.name, by: who.name, action });
    this.ctx.notifier.toUser(other.id, 'friends.changed', { name: who.name, by: who.name, action });
  }
}
