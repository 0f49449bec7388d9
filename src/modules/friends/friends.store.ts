import { aggregatedRows } from '../../db/aggregate.ts';
import type { Queryable } from '../../db/index.ts';
import { prepared } from '../../db/prepared.ts';
import type { AccountStatus } from '../../identity.ts';
import type { UserListRow } from '../users/users.store.ts';
import { pairOf, type Relation } from './friends.policy.ts';

export type FriendRow = UserListRow & { remark: string; since: number };
export type FriendRequestRow = UserListRow & { created: number; outgoing: boolean };

/**
 * Accounts by name (case-insensitive), each with whether it is a friend of the one asking, by
 * 1-based position (arrays fenced: see prepared.ts): a direct message's recipient and the right
 * to write to them in one statement.
 */
const PEERS_BY_NAME = prepared(
  `select t.i::int as i, u.id, u.name, u.status,
          exists (select 1 from friendships f
                   where f.user_lo = least(u.id, t.asker) and f.user_hi = greatest(u.id, t.asker)) as friends
     from (select $1::text[] as names, $2::bigint[] as askers offset 0) a
    cross join lateral unnest(a.names, a.askers) with ordinality as t(name, asker, i)
     join users u on lower(u.name) = lower(t.name)`,
);

/** An account found by name, as the person asking relates to it. */
export interface Peer {
  id: number;
  name: string;
  status: AccountStatus;
  friends: boolean;
}

/** SQL of friendships, friend requests and friend remarks. Returns rows; knows nothing of HTTP. */
export const friendsStore = {
  /** Friendship and pending requests between `me` and `other`, in one statement. */
  async relation(q: Queryable, me: number, other: number): Promise<Relation> {
    const [lo, hi] = pairOf(me, other);
    const rows = await q.query<Relation>(
      `select exists (select 1 from friendships where user_lo = $3 and user_hi = $4) as friends,
              exists (select 1 from friend_requests where from_id = $1 and to_id = $2) as outgoing,
              exists (select 1 from friend_requests where from_id = $2 and to_id = $1) as incoming`,
      [me, other, lo, hi],
    );
    return rows[0]!;
  },

  async areFriends(q: Queryable, a: number, b: number): Promise<boolean> {
    const [lo, hi] = pairOf(a, b);
    return (await q.query('select 1 from friendships where user_lo = $1 and user_hi = $2', [lo, hi])).length > 0;
  },

  /** For each (asker, name), the account of that name and whether it is the asker's friend; undefined where there is none. One statement. */
  async peersByName(q: Queryable, asks: ReadonlyArray<{ askerId: number; name: string }>): Promise<Array<Peer | undefined>> {
    const rows = await q.query<Peer & { i: number }>(PEERS_BY_NAME, [asks.map((a) => a.name), asks.map((a) => a.askerId)]);
    const out: Array<Peer | undefined> = asks.map(() => undefined);
    for (const { i, ...peer } of rows) out[i - 1] = peer;
    return out;
  },

  /** Throws UniqueViolation when a request between the two already exists, either way. */
  async insertRequest(q: Queryable, from: number, to: number, now: number): Promise<void> {
    await q.query('insert into friend_requests (from_id, to_id, created) values ($1, $2, $3)', [from, to, now]);
  },

  /** Deletes the request `from` → `to`; false when there was none. */
  async deleteRequest(q: Queryable, from: number, to: number): Promise<boolean> {
    return (await q.query('delete from friend_requests where from_id = $1 and to_id = $2 returning 1', [from, to])).length > 0;
  },

  async insertFriendship(q: Queryable, a: number, b: number, now: number): Promise<void> {
    const [lo, hi] = pairOf(a, b);
    await q.query('insert into friendships (user_lo, user_hi, created) values ($1, $2, $3) on conflict do nothing', [lo, hi, now]);
  },

  /** Ends the friendship and both remarks; false when they were not friends. */
  async deleteFriendship(q: Queryable, a: number, b: number): Promise<boolean> {
    const [lo, hi] = pairOf(a, b);
    const gone = await q.query('delete from friendships where user_lo = $1 and user_hi = $2 returning 1', [lo, hi]);
    if (gone.length === 0) return false;
    await q.query(
      'delete from friend_remarks where (owner_id = $1 and target_id = $2) or (owner_id = $2 and target_id = $1)',
      [a, b],
    );
    return true;
  },

  /** Sets the remark, or clears it when empty. */
  async setRemark(q: Queryable, owner: number, target: number, remark: string): Promise<void> {
    if (remark === '') {
      await q.query('delete from friend_remarks where owner_id = $1 and target_id = $2', [owner, target]);
      return;
    }
    await q.query(
      `insert into friend_remarks (owner_id, target_id, remark) values ($1, $2, $3)
       on conflict (owner_id, target_id) do update set remark = excluded.remark`,
      [owner, target, remark],
    );
  },

  /** The user's friends with the user's remark on each, by name. One statement. */
  async listFriends(q: Queryable, userId: number): Promise<FriendRow[]> {
    return aggregatedRows<FriendRow>(
      q,
      `select u.id, u.name, u.nickname, u.avatar, u.invisible, u.away, f.created as since,
              coalesce(r.remark, '') as remark
         from friendships f
         join users u on u.id = case when f.user_lo = $1 then f.user_hi else f.user_lo end
         left join friend_remarks r on r.owner_id = $1 and r.target_id = u.id
        where f.user_lo = $1 or f.user_hi = $1`,
      'lower(t.name), t.id',
      [userId],
    );
  },

  /** Pending requests to the user (`outgoing` false) and from the user (true), oldest first. One statement. */
  async listRequests(q: Queryable, userId: number): Promise<FriendRequestRow[]> {
    return q.query<FriendRequestRow>(
      `select u.id, u.name, u.nickname, u.avatar, u.invisible, u.away, fr.created, fr.from_id = $1 as outgoing
         from friend_requests fr
         join users u on u.id = case when fr.from_id = $1 then fr.to_id else fr.from_id end
        where fr.from_id = $1 or fr.to_id = $1
        order by fr.created, u.id`,
      [userId],
    );
  },
};
