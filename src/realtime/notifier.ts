import type { Server } from 'socket.io';
import { AckedChannel } from '../state/acked-channel.ts';
import type { SharedState } from '../state/shared-state.ts';
import type { AccountChange, ClientToServerEvents, InterServerEvents, ServerToClientEvents, SocketData } from './events.ts';
import { publishedBy } from './local-first-adapter.ts';
import { rooms } from './rooms.ts';

export type ChatServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * How services reach live connections, cluster-wide: an HTTP handler on any
 * node or a worker process calls these and the adapter (in-memory or Redis)
 * delivers to whichever node holds the sockets. Call only after the write that
 * the event announces has committed.
 */
export interface Notifier {
  /**
   * `except`, here and below: a connection (socket id) left out because it
   * already has what the event says (the sender's own connection holds its
   * message in the acknowledgement).
   */
  toUser<E extends EventName>(userId: number, event: E, payload: Payload<E>, except?: string): void;
  toUsers<E extends EventName>(userIds: readonly number[], event: E, payload: Payload<E>): void;
  toGroup<E extends EventName>(gid: string, event: E, payload: Payload<E>, except?: string): void;
  /**
   * One emit to a group's room and some users' own rooms: a socket in several
   * of them gets it once. For changes whose subjects may not be in the room
   * (yet, or any more), such as a member who just joined or was removed.
   */
  toGroupAndUsers<E extends EventName>(gid: string, userIds: readonly number[], event: E, payload: Payload<E>, except?: string): void;
  /** To a group's room except one user's connections (typing notices are never echoed to the typist). */
  toGroupExceptUser<E extends EventName>(gid: string, userId: number, event: E, payload: Payload<E>): void;
  /** Puts the users' live sockets (on every node) into a group's room. */
  joinGroup(userIds: readonly number[], gid: string): void;
  /**
   * Takes the users' live sockets out of a group's room on every node, and resolves once every
   * node has done so (fenced: a message sent after the caller answers cannot reach them).
   */
  leaveGroup(userIds: readonly number[], gid: string): Promise<void>;
  /** Removes every socket of the group's room from it (group dissolved: nothing can be sent to it). */
  closeGroup(gid: string): void;
  /**
   * Tells the user's sockets why, then disconnects them, and resolves once every node has done
   * so (fenced, as `leaveGroup`).
   */
  disconnectUser(userId: number, reason: string): Promise<void>;
  /** The same for the connections opened with these sessions (logout, password change). */
  disconnectSession(sessionHashes: readonly string[], reason: string): Promise<void>;
  /** The same for the connections opened with one API key (revoked, deleted). */
  disconnectKey(keyId: number, reason: string): Promise<void>;
  /** Every connected socket on every node (announcements). */
  toAll<E extends EventName>(event: E, payload: Payload<E>): void;
  /**
   * The user was renamed or changed role: their live connections (on every
   * node) carry the new values, and receive `me.changed`.
   */
  accountChanged(userId: number, account: AccountChange): void;
  /**
   * Resolves once every event emitted so far has been handed to the other nodes (taken by
   * Redis), or has failed to be; at once on a single node. Wait for it before acknowledging a
   * write whose announcement must not be lost with this node.
   */
  published(): Promise<void>;
}

/**
 * A room change that must hold on every node before the change it follows is answered: a removed
 * member's or an ended credential's connections on other nodes must not receive what is sent after.
 */
type FencedChange = { op: 'leave'; users: number[]; gid: string } | { op: 'end'; rooms: string[]; reason: string };

/** The channel of fenced room changes (docs/decisions.md, "Connections end with their credential"). */
const FENCE_CHANNEL = 'rooms.fence';

export class SocketNotifier implements Notifier {
  private readonly fence: AckedChannel;

  /** `clustered`: other nodes exist behind an adapter that carries server-side events. */
  constructor(
    private readonly io: ChatServer,
    state: SharedState,
    private readonly opts: { clustered: boolean; onError?: (err: unknown) => void } = { clustered: false },
  ) {
    io.on('user.changed', (userId, account) => void this.applyLocal(userId, account));
    this.fence = new AckedChannel(state, FENCE_CHANNEL, (raw) => this.applyFenced(JSON.parse(raw) as FencedChange), opts.onError);
  }

  /** Joins the fence channel: before the node serves, so that no change skips it. */
  start(): Promise<void> {
    return this.fence.start();
  }

  published(): Promise<void> {
    return publishedBy(this.io.of('/').adapter);
  }

  toUser<E extends EventName>(userId: number, event: E, payload: Payload<E>, except?: string): void {
    // biome-ignore lint/suspicious/noExplicitAny: Socket.IO's emit typing cannot follow a generic event name.
    (this.to(rooms.user(userId), except).emit as any)(event, payload);
  }

  toUsers<E extends EventName>(userIds: readonly number[], event: E, payload: Payload<E>): void {
    if (userIds.length === 0) return;
    // biome-ignore lint/suspicious/noExplicitAny: see toUser.
    (this.io.to(userIds.map(rooms.user)).emit as any)(event, payload);
  }

  toGroup<E extends EventName>(gid: string, event: E, payload: Payload<E>, except?: string): void {
    // biome-ignore lint/suspicious/noExplicitAny: see toUser.
    (this.to(rooms.group(gid), except).emit as any)(event, payload);
  }

  toGroupAndUsers<E extends EventName>(gid: string, userIds: readonly number[], event: E, payload: Payload<E>, except?: string): void {
    // biome-ignore lint/suspicious/noExplicitAny: see toUser.
    (this.to([rooms.group(gid), ...userIds.map(rooms.user)], except).emit as any)(event, payload);
  }

  toGroupExceptUser<E extends EventName>(gid: string, userId: number, event: E, payload: Payload<E>): void {
    // biome-ignore lint/suspicious/noExplicitAny: see toUser.
    (this.io.to(rooms.group(gid)).except(rooms.user(userId)).emit as any)(event, payload);
  }

  joinGroup(userIds: readonly number[], gid: string): void {
    if (userIds.length) this.io.in(userIds.map(rooms.user)).socketsJoin(rooms.group(gid));
  }

  async leaveGroup(userIds: readonly number[], gid: string): Promise<void> {
    if (userIds.length) await this.fenced({ op: 'leave', users: [...userIds], gid });
  }

  closeGroup(gid: string): void {
    this.io.in(rooms.group(gid)).socketsLeave(rooms.group(gid));
  }

  disconnectUser(userId: number, reason: string): Promise<void> {
    return this.fenced({ op: 'end', rooms: [rooms.user(userId)], reason });
  }

  async disconnectSession(sessionHashes: readonly string[], reason: string): Promise<void> {
    if (sessionHashes.length) await this.fenced({ op: 'end', rooms: sessionHashes.map(rooms.session), reason });
  }

  disconnectKey(keyId: number, reason: string): Promise<void> {
    return this.fenced({ op: 'end', rooms: [rooms.key(keyId)], reason });
  }

  /**
   * Sends a room change to every node (this one too) and resolves once each has applied it to its
   * own connections. The events emitted before it are handed to the broker first, so a node meets
   * them before the change (a ban's `penalty` push arrives before the disconnect).
   */
  private async fenced(change: FencedChange): Promise<void> {
    await this.published();
    await this.fence.send(JSON.stringify(change));
  }

  /** One node's part of a fenced change: its own connections only. */
  private applyFenced(change: FencedChange): void {
    if (change.op === 'leave') {
      this.io.local.in(change.users.map(rooms.user)).socketsLeave(rooms.group(change.gid));
      return;
    }
    // `logged.out` is written before the disconnect; engine.io flushes it before closing.
    this.io.local.to(change.rooms).emit('logged.out', { reason: change.reason });
    this.io.local.in(change.rooms).disconnectSockets(true);
  }

  toAll<E extends EventName>(event: E, payload: Payload<E>): void {
    // biome-ignore lint/suspicious/noExplicitAny: see toUser.
    (this.io.emit as any)(event, payload);
  }

  accountChanged(userId: number, account: AccountChange): void {
    void this.applyLocal(userId, account);
    // Other nodes hold the rest of the user's connections.
    if (this.opts.clustered) this.io.serverSideEmit('user.changed', userId, account);
    this.io.to(rooms.user(userId)).emit('me.changed', { name: account.name });
  }

  /** The connections of `target` rooms, but not the socket `except` (a socket id is also a room). */
  private to(target: string | string[], except: string | undefined) {
    const op = this.io.to(target);
    return except === undefined ? op : op.except(except);
  }

  private async applyLocal(userId: number, account: AccountChange): Promise<void> {
    for (const socket of await this.io.local.in(rooms.user(userId)).fetchSockets()) {
      socket.data.name = account.name;
      socket.data.role = account.role;
    }
  }
}
