/**
 * The connection manager: one Socket.IO connection at a time to one of the
 * base URLs, reconnection with back-off across them, catch-up after every
 * (re)connection and on gaps, and the send queue. It carries out what the sync
 * engine (src/sync/engine.ts) decides; the decisions themselves are there,
 * unit-tested without a network.
 */
import type { Credentials } from './auth.ts';
import { type Conversation, historyPage, listConversations, type MessageDraft, PAGE_MAX } from './calls.ts';
import { Emitter } from './emitter.ts';
import type { ClientToServerEvents, MessagePayload, Platform, ServerToClientEvents } from './events.ts';
import { type BackoffOptions, backoffDelay, nextUrlIndex } from './sync/backoff.ts';
import * as engine from './sync/engine.ts';
import * as outbox from './sync/outbox.ts';
import { type RoomKey, type RoomRef, roomKey, roomRef } from './sync/rooms.ts';
import { type Api, ApiError, type Endpoints } from './transport/rest.ts';
import { type ChatSocket, connectSocket, type SocketConnector } from './transport/socket.ts';

export type ConnectionStatus =
  /** Not started. */
  | 'idle'
  /** Opening a socket. */
  | 'connecting'
  /** Connected, catching up (conversation list, then history pages). */
  | 'syncing'
  /** Caught up: messages arrive as they are sent. */
  | 'live'
  /** The connection dropped or could not be made: trying again after a delay. */
  | 'offline'
  /** The server refused the credentials (handshake error): not trying again. */
  | 'unauthorized'
  /** The session ended on the server (`logged.out`: ban, password reset, deletion, logout; not `renamed`): not trying again. */
  | 'loggedOut'
  /** stop() was called. */
  | 'stopped';

const HALTED: ReadonlySet<ConnectionStatus> = new Set(['unauthorized', 'loggedOut', 'stopped']);

/** Handshake refusals that more attempts will not cure (docs/protocol.md, "Connecting"). */
const REFUSALS = new Set([
  'api.unauthorized',
  'api.forbidden',
  'api.key.bad',
  'api.key.revoked',
  'api.key.expired',
  'api.login.banned',
  'api.login.pending',
  'api.login.rejected',
  'api.penalty.ipBanned',
]);

/** A send waiting for its acknowledgement (for showing it greyed out until it is stored). */
export interface PendingSend {
  cid: string;
  room: RoomKey;
  draft: MessageDraft;
  /** How many times it has been sent so far. */
  attempts: number;
}

type Payload = MessageDraft & RoomRef & { cid: string };

export interface ConnectionOptions {
  endpoints: Endpoints;
  api: Api;
  credentials: Credentials;
  /** Declared to the server (`web`, `desktop`, `mobile`, `bot`). */
  platform?: Platform;
  /** Where delivery starts in rooms of the first conversation list: `latest` (default) or `unread`. */
  startAt?: engine.StartAt;
  /** Saved watermarks (`connection.watermarks()` of an earlier run): resume these rooms from there. */
  since?: Partial<Record<RoomKey, number>>;
  /** How long a send waits for its acknowledgement before it is sent again with the same cid. Default 10 s. */
  sendTimeoutMs?: number;
  /** Sends of one message before its promise is rejected (the server may still have stored it). Default 10. */
  maxSendAttempts?: number;
  /** How long a gap may stay open before its messages are fetched. Default 1 s. */
  gapWaitMs?: number;
  backoff?: BackoffOptions;
  /** Opens the socket (default: socket.io-client). */
  connect?: SocketConnector;
  /** Randomness for the back-off spread (tests make it fixed). */
  random?: () => number;
}

export interface ConnectionEvents {
  /** A message, once per room and idx, in idx order per room: live, from catch-up, or our own send's acknowledgement. */
  message: [MessagePayload];
  status: [ConnectionStatus];
  /** The conversation list of each catch-up. */
  conversations: [Conversation[]];
  /** The sends waiting for their acknowledgement changed. */
  outbox: [readonly PendingSend[]];
  /** A background call failed (a catch-up page); the connection carries on and will try again. */
  error: [unknown];
}

/** Every server event other than `msg` (delivered as `message`) and `ready`, with its payload. */
export type ServerEventArgs = { [K in keyof ServerToClientEvents]: Parameters<ServerToClientEvents[K]> };

type Timer = ReturnType<typeof setTimeout>;

/** The success acknowledgement of a client event (`{ok: true, ...}`). */
export type AckOf<K extends keyof ClientToServerEvents> = Parameters<NonNullable<Parameters<ClientToServerEvents[K]>[1]>>[0] & { ok: true };

export class Connection {
  status: ConnectionStatus = 'idle';
  /** The account's name as the server last said (`ready`). */
  me: string | undefined;
  /** Why the server refused the credentials (an `api.*` key such as `api.login.banned`) when the status is `unauthorized`. */
  refusal: string | undefined;

  private readonly events = new Emitter<ConnectionEvents>();
  private readonly serverEvents = new Emitter<ServerEventArgs>();
  private sync: engine.SyncState<MessagePayload>;
  private box: outbox.Outbox<Payload> = [];
  private readonly waiters = new Map<string, { resolve: (m: MessagePayload) => void; reject: (err: unknown) => void }>();
  private socket: ChatSocket | undefined;
  private urlIndex: number;
  private attempt = 0;
  private retryTimer: Timer | undefined;
  private readonly roomTimers = new Map<RoomKey, Timer>();
  private readonly connect: SocketConnector;
  private readonly random: () => number;

  constructor(private readonly opts: ConnectionOptions) {
    this.sync = engine.createSync({ ...(opts.startAt ? { startAt: opts.startAt } : {}), ...(opts.since ? { since: opts.since } : {}) });
    this.urlIndex = opts.endpoints.currentIndex;
    this.connect = opts.connect ?? connectSocket;
    this.random = opts.random ?? Math.random;
  }

  on<K extends keyof ConnectionEvents>(event: K, fn: (...args: ConnectionEvents[K]) => void): () => void {
    return this.events.on(event, fn);
  }

  /** A server event (`recall`, `reaction`, `read`, `typing`, `presence`, `groups.changed`, …), typed by the server's event map. */
  onServer<K extends keyof ServerEventArgs>(event: K, fn: (...args: ServerEventArgs[K]) => void): () => void {
    return this.serverEvents.on(event, fn);
  }

  /** Connects (to the current base URL first) and keeps connected until stop(). */
  start(): void {
    if (this.status !== 'idle' && this.status !== 'stopped') return;
    this.open(this.urlIndex);
  }

  /** Disconnects for good; sends still waiting are rejected. */
  stop(): void {
    this.halt('stopped');
  }

  /** Each room's delivered watermark: save it to resume with `since` after a restart. */
  watermarks(): Partial<Record<RoomKey, number>> {
    return engine.watermarks(this.sync);
  }

  /** The underlying socket while connected (for events this SDK does not wrap, e.g. `typing` or `status`). */
  get currentSocket(): ChatSocket | undefined {
    return this.socket;
  }

  /**
   * Sends a message with a fresh cid; resolves with the stored record once
   * acknowledged. Waits while disconnected; after a timeout or a reconnect it
   * is sent again with the same cid (the server stores it once). Rejects with
   * an ApiError when the server refuses it (status 0: refused over the socket).
   */
  send(ref: RoomRef, draft: MessageDraft): Promise<MessagePayload> {
    if (HALTED.has(this.status)) return Promise.reject(new Error(`connection ${this.status}`));
    const cid = newCid();
    return new Promise((resolve, reject) => {
      this.waiters.set(cid, { resolve, reject });
      this.box = outbox.enqueue(this.box, { cid, room: roomKey(ref), payload: { ...draft, ...ref, cid } as Payload });
      this.outboxChanged();
      this.pump();
    });
  }

  /**
   * Emits a client event other than `msg` (`recall`, `react`, `typing`,
   * `status`) on the live connection and resolves with its acknowledgement;
   * rejects with an ApiError (status 0) when the server refuses it, and with
   * an Error while there is no connection (these are not queued: a recall or
   * a typing notice sent minutes later means something else).
   */
  async request<K extends Exclude<keyof ClientToServerEvents, 'msg'>>(
    event: K,
    payload: Parameters<ClientToServerEvents[K]>[0],
  ): Promise<AckOf<K>> {
    const socket = this.socket;
    if (!socket || (this.status !== 'syncing' && this.status !== 'live')) throw new Error(`connection ${this.status}`);
    const timed = socket.timeout(this.opts.sendTimeoutMs ?? 10_000) as unknown as { emitWithAck(e: K, p: unknown): Promise<{ ok: boolean; error?: string }> };
    const ack = await timed.emitWithAck(event, payload);
    if (!ack.ok) throw new ApiError(0, ack.error ?? 'api.internal');
    return ack as AckOf<K>;
  }

  // ---- connecting ----

  private open(index: number): void {
    this.urlIndex = index;
    const url = this.opts.endpoints.urls[index]!;
    this.setStatus('connecting');
    const socket = this.connect(url, this.opts.credentials, this.opts.platform);
    this.socket = socket;
    socket.on('ready', (p) => {
      if (socket !== this.socket) return;
      this.attempt = 0;
      this.me = p.name;
      this.opts.endpoints.use(index);
      this.sync = engine.beginSync(this.sync);
      this.setStatus('syncing');
      this.pump();
      void this.catchUp(socket);
    });
    socket.on('msg', (m) => {
      if (socket === this.socket) this.apply(engine.receive(this.sync, [m]));
    });
    socket.on('logged.out', ({ reason }) => {
      if (socket !== this.socket) return;
      // A rename ends the connection, not the credential: a new one carries the new name.
      if (reason === 'renamed') this.dropped();
      else this.halt('loggedOut');
    });
    socket.onAny((event: keyof ServerEventArgs, ...args: unknown[]) => {
      if (socket === this.socket && event !== 'msg' && event !== 'ready') this.serverEvents.emitUnchecked(event, args);
    });
    socket.on('connect_error', (err) => {
      if (socket !== this.socket) return;
      if (REFUSALS.has(err.message)) this.refused(err.message);
      else this.dropped();
    });
    socket.on('disconnect', () => {
      if (socket === this.socket) this.dropped();
    });
  }

  /** The connection is gone or could not be made: retry at the next base URL after a back-off delay. */
  private dropped(): void {
    if (HALTED.has(this.status)) return;
    this.closeSocket();
    this.box = outbox.connectionLost(this.box);
    this.outboxChanged();
    this.setStatus('offline');
    const delay = backoffDelay(this.attempt++, this.random(), this.opts.backoff);
    const next = nextUrlIndex(this.opts.endpoints.urls.length, this.urlIndex);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.status === 'offline') this.open(next);
    }, delay);
  }

  private refused(key: string): void {
    this.refusal = key;
    this.halt('unauthorized');
  }

  private halt(status: ConnectionStatus): void {
    this.setStatus(status);
    clearTimeout(this.retryTimer);
    this.closeSocket();
    for (const [cid, w] of this.waiters) {
      this.box = outbox.settle(this.box, cid);
      w.reject(new Error(`connection ${status}`));
    }
    this.waiters.clear();
    this.outboxChanged();
  }

  private closeSocket(): void {
    const s = this.socket;
    this.socket = undefined;
    for (const t of this.roomTimers.values()) clearTimeout(t);
    this.roomTimers.clear();
    if (s) {
      s.removeAllListeners();
      s.offAny();
      s.disconnect();
    }
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.events.emit('status', status);
  }

  // ---- catching up ----

  /** After `ready`: the conversation list, then a history page for each room that moved. */
  private async catchUp(socket: ChatSocket): Promise<void> {
    try {
      const list = await listConversations(this.opts.api);
      if (socket !== this.socket) return;
      this.events.emit('conversations', list);
      this.apply(engine.applyConversations(this.sync, list));
      if (this.status === 'syncing') this.setStatus('live');
    } catch (err) {
      if (socket !== this.socket) return;
      this.events.emit('error', err);
      if (err instanceof ApiError && err.status === 401) this.refused(err.key);
      else this.dropped();
    }
  }

  private apply(step: engine.Step<MessagePayload>): void {
    this.sync = step.state;
    for (const m of step.deliver) this.events.emit('message', m);
    for (const plan of step.fetch) void this.fetchPage(plan);
    for (const key of step.gaps) this.recheck(key, this.opts.gapWaitMs ?? 1_000);
  }

  private async fetchPage(plan: engine.FetchPlan): Promise<void> {
    const socket = this.socket;
    try {
      const page = await historyPage(this.opts.api, roomRef(plan.room), { after: plan.after, limit: PAGE_MAX });
      if (HALTED.has(this.status)) return;
      this.apply(engine.applyPage(this.sync, plan, page, PAGE_MAX));
    } catch (err) {
      this.sync = engine.pageFailed(this.sync, plan);
      this.events.emit('error', err);
      // A room we may no longer read (left, removed, dissolved) is not asked again; anything else is, later.
      const gone = err instanceof ApiError && (err.status === 403 || err.status === 404);
      if (!gone && socket === this.socket) this.recheck(plan.room, backoffDelay(2, this.random(), this.opts.backoff));
    }
  }

  /** After `ms`, fetch what is still missing in the room (nothing if the gap closed meanwhile). */
  private recheck(key: RoomKey, ms: number): void {
    if (this.roomTimers.has(key)) return;
    this.roomTimers.set(
      key,
      setTimeout(() => {
        this.roomTimers.delete(key);
        const r = engine.planRoom(this.sync, key);
        this.sync = r.state;
        for (const plan of r.fetch) void this.fetchPage(plan);
      }, ms),
    );
  }

  // ---- sending ----

  private pump(): void {
    const socket = this.socket;
    if (!socket || (this.status !== 'syncing' && this.status !== 'live')) return;
    const { outbox: next, send } = outbox.nextSends(this.box);
    this.box = next;
    for (const entry of send) this.emitSend(socket, entry);
    if (send.length) this.outboxChanged();
  }

  private emitSend(socket: ChatSocket, entry: outbox.OutboxEntry<Payload>): void {
    socket
      .timeout(this.opts.sendTimeoutMs ?? 10_000)
      .emitWithAck('msg', entry.payload)
      .then(
        (ack) => {
          const waiter = this.waiters.get(entry.cid);
          this.waiters.delete(entry.cid);
          this.box = outbox.settle(this.box, entry.cid);
          if (ack.ok) {
            this.apply(engine.receive(this.sync, [ack.message]));
            waiter?.resolve(ack.message);
          } else {
            waiter?.reject(new ApiError(0, ack.error));
          }
          this.outboxChanged();
          this.pump();
        },
        () => {
          // No answer in time. After a disconnect the entry was requeued already and goes on the next connection.
          if (socket !== this.socket) return;
          if (entry.attempts >= (this.opts.maxSendAttempts ?? 10)) {
            this.box = outbox.settle(this.box, entry.cid);
            this.waiters.get(entry.cid)?.reject(new Error('send not acknowledged'));
            this.waiters.delete(entry.cid);
          } else {
            this.box = outbox.timedOut(this.box, entry.cid);
          }
          this.outboxChanged();
          this.pump();
        },
      );
  }

  private outboxChanged(): void {
    const pending = this.box.map(({ cid, room, payload, attempts }): PendingSend => {
      const { gid: _g, dm: _d, cid: _c, ...draft } = payload;
      return { cid, room, draft: draft as MessageDraft, attempts };
    });
    this.events.emit('outbox', pending);
  }
}

/** A client id for one message: random, 1–64 printable characters. */
export function newCid(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  return uuid ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
