import { AppError, forbidden, notFound } from '../../errors.ts';
import { BatchLoader } from '../../lib/batch-loader.ts';
import { RecentMap } from '../../lib/recent-map.ts';
import type { FriendsService, Peer } from '../friends/friends.service.ts';
import { can, sendRefusal } from '../groups/groups.policy.ts';
import type { GroupAndMembership, GroupsService } from '../groups/groups.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { RoomLabel } from './message-views.ts';
import { roomKey } from './messages.policy.ts';

/** The person acting, from their current account (not the socket's handshake copy). */
export interface Actor {
  id: number;
  name: string;
  platformAdmin: boolean;
}

/**
 * (group, person) pairs and (person, recipient) pairs whose send access a node keeps at most,
 * each, least recently used dropped first.
 */
const SEND_ACCESS_KEPT = 10_000;

/** A conversation as one actor meets it. */
export type Conversation =
  | {
      kind: 'group';
      room: string;
      gid: string;
      /** The actor is a member (a platform admin may not be). */
      member: boolean;
      /** The group's access_version when the rows this decision rests on were read (migration 0017). */
      accessVersion: number;
    }
  | {
      kind: 'direct';
      room: string;
      /** The recipient: the account `dm` named when it was read (its name may have changed since). */
      other: { id: number; name: string };
    };

/**
 * What the actor wants to do, each with its rule:
 * - `read` (history, recall, report): group members and platform admins (403
 *   `api.group.noView`); any direct conversation with someone else.
 * - `send`: the group's send rule (`sendRefusal`: membership, mutes); a direct
 *   message needs an active friend (403 `api.msg.notFriend`).
 * - `react`: group members only, and not while muted in the group (member
 *   mute, or mute-all for plain members: `api.msg.groupMuted`, as `send`);
 *   direct: as `send`.
 * - `typing`: group: as `read`, and not while muted there (as `react`);
 *   direct: as `send`.
 */
export type Purpose = 'read' | 'send' | 'react' | 'typing';

/** A group (`gid`) or a direct conversation (`dm`: the other person's name). */
export interface ConversationRef {
  gid?: string | undefined;
  dm?: string | undefined;
}

/**
 * Resolves `{gid}` or `{dm}` into a room the actor may use for a purpose, or
 * the refusal of spec 4.4/4.5. The lookups of every event handled in one turn
 * of the event loop are coalesced: a burst of sends costs one group statement
 * and one statement for the recipients by name with their friendships, not
 * one each per send.
 */
export class Conversations {
  private readonly groupAccess: BatchLoader<{ gid: string; userId: number }, GroupAndMembership | undefined>;
  /**
   * The rows the last allowed send of a person to a group rested on, by `gid:userId`, least
   * recently used first. A send whose decision these rows still allow is not checked against the
   * database again: the message's insert stores it only while the group's access_version is the
   * one read with them (any change to the group or its members bumps it), and a send found stale
   * there comes back through `forgetSendAccess` to a fresh check. Reads, reactions and typing,
   * which no insert checks, always read the rows.
   */
  private readonly sendAccess = new RecentMap<string, GroupAndMembership>(SEND_ACCESS_KEPT);
  /**
   * The recipient of a person's last allowed direct message to a name, by `userId:name` as the
   * sender spelled it (Postgres's case folding, not JavaScript's, decides whom a spelling names).
   * A send to a name found here is not checked against the database first: its insert stores it
   * only while the recipient still has that id, that name and an active account and the two are
   * friends (messagesStore.insertBatch), and one found stale there comes back through
   * `forgetSendAccess` to a fresh lookup. Reads, reactions and typing always look up.
   */
  private readonly directSendAccess = new RecentMap<string, { id: number; name: string }>(SEND_ACCESS_KEPT);
  private readonly peers: BatchLoader<{ askerId: number; name: string }, Peer | undefined>;

  constructor(
    private readonly users: UsersService,
    groups: GroupsService,
    friends: FriendsService,
  ) {
    this.groupAccess = new BatchLoader((pairs) => groups.groupAndMembershipMany(pairs), (p) => `${p.gid}:${p.userId}`);
    this.peers = new BatchLoader(
      (asks) => friends.peersByName(asks),
      (ask) => `${ask.askerId}:${ask.name.toLowerCase()}`,
    );
  }

  /** The actor behind a user id: 403 when the account is no longer active. Served from the per-node account cache. */
  async actor(userId: number): Promise<Actor> {
    const account = await this.users.account(userId);
    if (account.status !== 'active') throw forbidden();
    return { id: account.id, name: account.name, platformAdmin: account.role === 'admin' };
  }

  async open(actor: Actor, ref: ConversationRef, purpose: Purpose): Promise<Conversation> {
    if (ref.gid !== undefined) return this.group(actor, ref.gid, purpose);
    if (ref.dm !== undefined) return this.direct(actor, ref.dm, purpose);
    throw new AppError(400, 'api.msg.noRoom');
  }

  private async group(actor: Actor, gid: string, purpose: Purpose): Promise<Conversation> {
    const key = `${gid}:${actor.id}`;
    const kept = purpose === 'send' ? this.sendAccess.get(key) : undefined;
    const found = kept && !sendRefusal(groupActorOf(actor, kept), kept.membership, kept.group) ? kept : await this.groupAccess.load({ gid, userId: actor.id });
    if (!found) throw notFound('api.group.notFound');
    const groupActor = groupActorOf(actor, found);
    const member = found.membership !== undefined;
    if (purpose === 'send') {
      const refused = sendRefusal(groupActor, found.membership, found.group);
      if (refused) {
        this.sendAccess.delete(key);
        throw forbidden(refused);
      }
      this.sendAccess.set(key, found);
    } else if (purpose === 'react') {
      if (!member) throw forbidden('api.group.noView');
    } else if (!can('readMessages', groupActor)) {
      throw forbidden('api.group.noView');
    }
    // A member muted in the group may not react or type there either (a platform admin never is).
    if ((purpose === 'react' || purpose === 'typing') && member) {
      const refused = sendRefusal(groupActor, found.membership, found.group);
      if (refused) throw forbidden(refused);
    }
    return { kind: 'group', room: roomKey.group(gid), gid, member, accessVersion: found.version };
  }

  /**
   * A send was refused by its insert (the group, or the recipient or the friendship, changed since
   * the rows it was allowed by were read): read them again next time.
   */
  forgetSendAccess(userId: number, ref: ConversationRef): void {
    if (ref.gid !== undefined) this.sendAccess.delete(`${ref.gid}:${userId}`);
    else if (ref.dm !== undefined) this.directSendAccess.delete(directKey(userId, ref.dm));
  }

  private async direct(actor: Actor, name: string, purpose: Purpose): Promise<Conversation> {
    const key = directKey(actor.id, name);
    const kept = purpose === 'send' ? this.directSendAccess.get(key) : undefined;
    if (kept) return { kind: 'direct', room: roomKey.direct(actor.id, kept.id), other: kept };
    const other = await this.peers.load({ askerId: actor.id, name });
    // Anyone may read an old conversation; only an active friend receives new messages.
    if (!other || (purpose !== 'read' && other.status !== 'active')) throw notFound('api.user.notFound');
    if (other.id === actor.id) throw forbidden('api.msg.self');
    if (purpose !== 'read' && !other.friends) throw forbidden('api.msg.notFriend');
    const recipient = { id: other.id, name: other.name };
    if (purpose === 'send') this.directSendAccess.set(key, recipient);
    return { kind: 'direct', room: roomKey.direct(actor.id, other.id), other: recipient };
  }
}

const directKey = (userId: number, name: string) => `${userId}:${name}`;

const groupActorOf = (actor: Actor, access: GroupAndMembership) => ({ role: access.membership?.role ?? null, platformAdmin: actor.platformAdmin });

/** How the actor names the conversation in records and events. */
export const labelOf = (c: Conversation): RoomLabel => (c.kind === 'group' ? { gid: c.gid } : { dm: c.other.name });
