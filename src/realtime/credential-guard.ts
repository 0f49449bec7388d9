import type { Server as HttpServer } from 'node:http';
import type { Socket } from 'socket.io';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { Identity } from '../identity.ts';
import { resolveIdentity, statusRefusal } from '../modules/auth/credentials.ts';
import type { Services } from '../services.ts';
import type { ClientToServerEvents, InterServerEvents, ServerToClientEvents, SocketData } from './events.ts';
import { rooms } from './rooms.ts';

type GuardedSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type Headers = Record<string, string | string[] | undefined>;

/** Why a connection may no longer act: the ack's error key and the `logged.out` reason. */
interface Refusal {
  error: string;
  reason: string;
}

/** What is kept per connection: the credential it was opened with, to check it again. */
interface Held {
  /** Only the credential headers of the handshake (cookie, authorization, x-api-key). */
  headers: Headers;
  name: string;
  sessionHash: string | null;
  keyId: number | null;
  /** When the key or the session expires (ms), or null. */
  expires: number | null;
  /** The identity last seen: cached identities are shared objects, so the same object means unchanged. */
  last: Identity;
  refused?: Refusal;
  /** The sweep that ends a refused connection still open (see END_AFTER_SWEEPS). */
  endAt?: number;
  /** Checks run one after another, so events reach the handlers in the order they were sent. */
  queue: Promise<void>;
}

/** How often expiries and key sockets are checked (idle connections send no event to check on). */
const SWEEP_MS = 1_000;
/**
 * A refusal found by a check (not an expiry) ends the connection at the second sweep after it, if
 * still open: the change's own `logged.out` broadcast, which carries the precise reason (and
 * follows e.g. the `penalty` push of a ban), arrives long before. This is the backstop for a
 * broadcast lost or a handshake that raced the change.
 */
const END_AFTER_SWEEPS = 2;

/** A key error of `keys.resolve` → the reason its connections are told. */
const KEY_REASONS: Record<string, string> = {
  'api.key.revoked': 'keyRevoked',
  'api.key.expired': 'keyExpired',
  'api.key.bad': 'keyDeleted',
};

const expiryOf = (identity: Identity): number | null => identity.key?.expires ?? identity.sessionExpires ?? null;

/**
 * Keeps a connection from outliving its credential (docs/decisions.md "Connections end with their
 * credential"). Every event is refused (ack `{ok:false, error}`) once the session or key it was
 * opened with is gone, revoked or expired, the account is banned or renamed, or the key lost
 * `messages.read`. The check resolves the credential again through the identity cache (a map
 * lookup; every node drops an entry before the change's response is sent), so it holds even while
 * the change's `logged.out` and disconnect are still on their way. A sweep ends expired ones.
 */
export class CredentialGuard {
  /** Connected sockets (the sweep walks them); `opening` holds those between handshake and connection. */
  private readonly held = new Map<GuardedSocket, Held>();
  private readonly opening = new WeakMap<GuardedSocket, Held>();
  private readonly sweeper: NodeJS.Timeout;
  private sweeps = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly services: Services,
    http: HttpServer | undefined,
  ) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
    this.sweeper.unref();
    http?.once('close', () => clearInterval(this.sweeper));
  }

  /** At the handshake, once `identity` was resolved from `headers`. */
  hold(socket: GuardedSocket, headers: Headers, identity: Identity): void {
    const { cookie, authorization } = headers;
    this.opening.set(socket, {
      headers: { cookie, authorization, 'x-api-key': headers['x-api-key'] },
      name: identity.name,
      sessionHash: identity.sessionHash ?? null,
      keyId: identity.key?.id ?? null,
      expires: expiryOf(identity),
      last: identity,
      queue: Promise.resolve(),
    });
  }

  /** The rooms a connection joins for its credential, so that ending it reaches it on any node. */
  rooms(socket: GuardedSocket): string[] {
    const h = this.held.get(socket) ?? this.opening.get(socket);
    if (!h) return [];
    return [...(h.sessionHash ? [rooms.session(h.sessionHash)] : []), ...(h.keyId !== null ? [rooms.key(h.keyId)] : [])];
  }

  /** At connection, before the handlers: every event is checked first. */
  guard(socket: GuardedSocket): void {
    const h = this.opening.get(socket);
    if (!h) return;
    this.held.set(socket, h);
    socket.on('disconnect', () => this.held.delete(socket));
    socket.use((packet, next) => {
      h.queue = h.queue.then(async () => {
        let refusal: Refusal | undefined;
        try {
          refusal = await this.check(socket, h);
        } catch (err) {
          // The credential could not be checked (database down): refuse this event only.
          if (!(err instanceof AppError)) this.ctx.log.error({ err }, 'credential check failed');
          refusal = { error: err instanceof AppError ? err.key : 'api.internal', reason: '' };
        }
        if (!refusal) return next();
        const ack = packet[packet.length - 1];
        if (typeof ack === 'function') ack({ ok: false, error: refusal.error });
      });
    });
  }

  /**
   * Checks again now, ending the connection at once if it no longer holds: called once its rooms
   * are joined, for a change made while the handshake was in progress (its broadcast found no room).
   */
  async recheck(socket: GuardedSocket): Promise<void> {
    const h = this.held.get(socket);
    if (!h) return;
    const refusal = await this.check(socket, h).catch(() => undefined);
    if (refusal) end(socket, refusal.reason);
  }

  /** undefined while the credential holds; else why not (and the connection is marked, and ended soon). */
  private async check(socket: GuardedSocket, h: Held): Promise<Refusal | undefined> {
    if (h.refused) return h.refused;
    if (h.expires !== null && h.expires <= this.ctx.clock.now()) return this.refuse(socket, h, this.expired(h), 'now');
    let identity: Identity | undefined;
    try {
      // A session's connection asks by the hash it keeps: the same answer as its headers would give
      // (the cookie or token hashes to it), without parsing and hashing them on every event.
      identity =
        h.sessionHash !== null
          ? await this.services.auth.resolveSessionHash(h.sessionHash)
          : await resolveIdentity(this.services.auth, this.services.keys, h.headers);
    } catch (err) {
      if (err instanceof AppError && err.status === 401) {
        return this.refuse(socket, h, { error: err.key, reason: KEY_REASONS[err.key] ?? 'unauthorized' }, err.key === 'api.key.expired' ? 'now' : 'later');
      }
      throw err;
    }
    if (identity === h.last) return undefined;
    // Another credential of the handshake (a cookie's session ended; a token or key remains) is not this one.
    if (!identity || (identity.sessionHash ?? null) !== h.sessionHash || (identity.key?.id ?? null) !== h.keyId) {
      return this.refuse(socket, h, { error: 'api.unauthorized', reason: 'unauthorized' }, 'later');
    }
    const status = statusRefusal(identity);
    if (status) return this.refuse(socket, h, { error: status.key, reason: 'banned' }, 'later');
    if (identity.name !== h.name) return this.refuse(socket, h, { error: 'api.unauthorized', reason: 'renamed' }, 'later');
    if (identity.key && !identity.key.scopes.has('messages.read')) {
      return this.refuse(socket, h, { error: 'api.forbidden', reason: 'keyScopes' }, 'later');
    }
    // Still valid, perhaps changed: handlers see the current role and scopes at once.
    h.last = identity;
    h.expires = expiryOf(identity);
    if (h.expires !== null && h.expires <= this.ctx.clock.now()) return this.refuse(socket, h, this.expired(h), 'now');
    socket.data.role = identity.role;
    socket.data.scopes = identity.key ? [...identity.key.scopes] : null;
    return undefined;
  }

  private expired(h: Held): Refusal {
    return h.keyId !== null ? { error: 'api.key.expired', reason: 'keyExpired' } : { error: 'api.unauthorized', reason: 'expired' };
  }

  /** Marks the connection refused; ends it now, or from the sweep (END_AFTER_SWEEPS). */
  private refuse(socket: GuardedSocket, h: Held, refusal: Refusal, when: 'now' | 'later'): Refusal {
    h.refused = refusal;
    if (when === 'now') end(socket, refusal.reason);
    else h.endAt = this.sweeps + END_AFTER_SWEEPS;
    return refusal;
  }

  /** Ends expired connections; checks key connections again (a key's expiry or scopes may have changed). */
  private sweep(): void {
    this.sweeps++;
    const now = this.ctx.clock.now();
    for (const [socket, h] of this.held) {
      if (h.refused) {
        if (h.endAt !== undefined && h.endAt <= this.sweeps) end(socket, h.refused.reason);
        continue;
      }
      if (!(h.keyId !== null || (h.expires !== null && h.expires <= now))) continue;
      h.queue = h.queue.then(async () => {
        await this.check(socket, h).catch((err) => this.ctx.log.warn({ err }, 'credential sweep failed'));
      });
    }
  }
}

function end(socket: GuardedSocket, reason: string): void {
  if (!socket.connected) return;
  socket.emit('logged.out', { reason });
  socket.disconnect(true);
}
