import type { Server as HttpServer } from 'node:http';
import type { AppContext } from '../context.ts';
import { AppError, DependencyUnavailable } from '../errors.ts';
import { resolveIdentity, statusRefusal, unresolvedRefusal } from '../modules/auth/credentials.ts';
import { compileTrust, requestAddress } from '../lib/client-address.ts';
import { parse } from '../lib/validate.ts';
import type { Services } from '../services.ts';
import type { Socket } from 'socket.io';
import {
  type Ack,
  type ClientToServerEvents,
  type InterServerEvents,
  PLATFORMS,
  type Platform,
  type ServerToClientEvents,
  type SocketData,
} from './events.ts';
import type { ChatServer } from './notifier.ts';
import { statusPayload } from './payloads.ts';
import { CredentialGuard } from './credential-guard.ts';
import { handshakeOriginCheck } from './handshake-origin.ts';
import { spreadFirstPings } from './ping-spread.ts';
import { rooms } from './rooms.ts';

/** One client connection, with this server's event maps and handshake data. */
export type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** A module's socket event handlers, registered on every new connection. */
export type SocketHandlers = (socket: ChatSocket, services: Services) => void;

/** Answers an ack with the error of a failed handler, never a stack trace. */
export function ackError(ack: Ack | undefined, err: unknown, ctx: AppContext): void {
  // Not stored (or not done): the client may send it again once the dependency is back.
  if (err instanceof DependencyUnavailable) ctx.log.warn({ err }, 'socket handler: dependency unavailable');
  if (err instanceof AppError) ack?.({ ok: false, error: err.key, ...ackExtra(err) });
  else {
    ctx.log.error({ err }, 'socket handler failed');
    ack?.({ ok: false, error: 'api.internal' });
  }
}

/**
 * Runs an event's handler and acknowledges `{ok:true, ...result}` or `{ok:false, error}`. The ack
 * is optional for clients, and a hostile one may put anything in its place: only a function is called.
 */
export async function answerEvent<T extends object>(ctx: AppContext, ack: unknown, run: () => Promise<T>): Promise<void> {
  const reply = typeof ack === 'function' ? (ack as Ack<T>) : undefined;
  try {
    const result = await run();
    reply?.({ ok: true, ...result });
  } catch (err) {
    ackError(reply as Ack | undefined, err, ctx);
  }
}

/**
 * Counts the connections each user holds on this node (SOCKET_MAX_PER_USER; 0: no cap). A slot is
 * taken when the handshake passes and given back once, when the socket disconnects or its
 * transport closes, whichever comes first (a refused or abandoned handshake only closes the latter).
 */
function connectionCap(max: number) {
  const held = new Map<number, number>();
  return {
    take(socket: ChatSocket, userId: number): boolean {
      if (max === 0) return true;
      const now = held.get(userId) ?? 0;
      if (now >= max) return false;
      held.set(userId, now + 1);
      let given = false;
      const giveBack = () => {
        if (given) return;
        given = true;
        const left = (held.get(userId) ?? 1) - 1;
        if (left > 0) held.set(userId, left);
        else held.delete(userId);
      };
      socket.once('disconnect', giveBack);
      socket.conn.once('close', giveBack);
      return true;
    },
  };
}

/** `retryAfter` (seconds) wherever HTTP would send Retry-After. */
function ackExtra(err: AppError): { retryAfter?: number } {
  const retryAfter = err.headers?.['Retry-After'];
  return retryAfter === undefined ? {} : { retryAfter: Number(retryAfter) };
}

/** What the node needs from the gateway to shut down cleanly. */
export interface Gateway {
  /** Resolves once every connection's presence bookkeeping (join or leave) in flight has finished. */
  settled(): Promise<void>;
}

/**
 * Handshake authentication (cookie, or an API key with `messages.read` as
 * `auth.token` or the usual headers), the ip-ban check, the user's own room,
 * group rooms, presence, and the `status` event.
 */
export function attachGateway(
  io: ChatServer,
  http: HttpServer | undefined,
  ctx: AppContext,
  services: Services,
  handlers: readonly SocketHandlers[],
  /** Resolves once the other nodes know this one holds connections (src/realtime/node-roster.ts). */
  known: Promise<void> = Promise.resolve(),
): Gateway {
  if (http) {
    io.attach(http);
    spreadFirstPings(io.engine);
  }
  const trust = compileTrust(ctx.config.trustProxy);
  const credentials = new CredentialGuard(ctx, services, http);

  // A new ip ban drops this node's connections from that address.
  services.penalties.ipBans.onChange(() => {
    for (const socket of io.of('/').sockets.values()) {
      if (!services.penalties.ipBans.bannedNow(socket.data.ip)) continue;
      socket.emit('logged.out', { reason: 'ipbanned' });
      socket.disconnect(true);
    }
  });

  // Presence writes still running; shutdown waits for them before it closes Redis and the database.
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  const connectionsPerUser = connectionCap(ctx.config.socketLimits.perUser);
  io.use(handshakeOriginCheck(ctx.config));
  io.use(async (socket, next) => {
    try {
      // Before any connection here can be delivered to, every node must know to publish for it.
      await known;
      const ip = requestAddress(socket.request, trust);
      if (await services.penalties.isAddressBanned(ip)) return next(new Error('api.penalty.ipBanned'));
      const headers = { ...socket.handshake.headers };
      // `auth.token`: an API key or a session token, told apart by format like a bearer header.
      const token = socket.handshake.auth?.token;
      if (typeof token === 'string' && token !== '') headers.authorization = `Bearer ${token}`;
      const identity = await resolveIdentity(services.auth, services.keys, headers);
      if (!identity) return next(new Error(await unresolvedRefusal(services.auth, headers)));
      const refusal = statusRefusal(identity);
      if (refusal) return next(new Error(refusal.key));
      if (identity.via === 'key' && !identity.key?.scopes.has('messages.read')) return next(new Error('api.forbidden'));
      // Checked and taken with no await in between, so parallel handshakes cannot all slip under the cap.
      if (!connectionsPerUser.take(socket, identity.userId)) return next(new Error('api.socket.tooMany'));
      const declared = socket.handshake.auth?.platform ?? socket.handshake.query?.platform;
      const platform: Platform = PLATFORMS.includes(declared) ? declared : identity.via === 'key' ? 'bot' : 'web';
      socket.data = {
        userId: identity.userId,
        name: identity.name,
        role: identity.role,
        platform,
        via: identity.via,
        ip,
        // Events that act (sending, recalling, reacting) check the key's scopes like HTTP routes do.
        scopes: identity.key ? [...identity.key.scopes] : null,
        sessionHash: identity.sessionHash ?? null,
      };
      credentials.hold(socket, headers, identity);
      next();
    } catch (err) {
      next(new Error(err instanceof AppError ? err.key : 'api.internal'));
    }
  });

  io.on('connection', (socket) => {
    const { userId, name, platform } = socket.data;
    // Listeners first, synchronously: an event sent right after connecting must not find none.
    credentials.guard(socket);
    for (const register of handlers) register(socket, services);

    socket.on('status', (payload, ack) =>
      answerEvent(ctx, ack, async () => {
        const p = parse(statusPayload, payload);
        const user = await services.users.account(userId);
        const current = (await ctx.state.presence.get([userId])).get(userId)?.status;
        await services.presence.setStatus(
          { id: userId, name },
          {
            invisible: p.invisible ?? current?.invisible ?? user.invisible,
            away: p.away ?? current?.away ?? user.away,
          },
        );
        return {};
      }),
    );

    socket.on('disconnect', () => {
      // socket.data.name, not `name`: the user may have been renamed meanwhile.
      track(
        services.presence
          .disconnected({ id: userId, name: socket.data.name }, socket.id)
          .catch((err) => ctx.log.warn({ err }, 'presence remove failed')),
      );
    });

    const setup = (async () => {
      const extra: string[] = [];
      for (const hook of ctx.hooks.socketRooms) extra.push(...(await hook(userId)));
      await socket.join([rooms.user(userId), ...credentials.rooms(socket), ...extra]);
      // Its credential may have ended during the handshake, before it was in the rooms.
      await credentials.recheck(socket);
      if (socket.disconnected) return;
      const user = await services.users.account(userId);
      try {
        await services.presence.connected(
          { id: userId, name, invisible: user.invisible, away: user.away },
          socket.id,
          platform,
        );
      } catch (err) {
        // Redis is unreachable: the connection works without it, and the resync recorded below
        // (onReconnect) writes its presence once Redis is back.
        if (!(err instanceof DependencyUnavailable)) throw err;
        ctx.log.warn({ err }, 'presence not recorded until redis is back');
      }
      // Gone while we were recording it: undo, so no ghost presence remains.
      if (socket.disconnected) await services.presence.disconnected({ id: userId, name }, socket.id);
      else socket.emit('ready', { name, platform });
    })().catch((err) => {
      if (err instanceof DependencyUnavailable) {
        // The database is unreachable: close the transport without a Socket.IO disconnect, so
        // the client reconnects by itself after its back-off (as on a graceful shutdown).
        ctx.log.warn({ err }, 'socket setup failed: dependency unavailable');
        socket.conn.close();
        return;
      }
      ctx.log.error({ err }, 'socket setup failed');
      socket.disconnect(true);
    });
    track(setup);
  });

  // Back from a Redis outage: record the connections this node holds now (opened meanwhile, or all
  // of them if Redis lost its data) and forget those that closed meanwhile.
  ctx.state.onReconnect(() => {
    const live = [...io.of('/').sockets.values()]
      .filter((s) => s.connected)
      .map((s) => ({ userId: s.data.userId, connId: s.id, platform: s.data.platform }));
    track(
      services.presence
        .resync(live, (id) => services.users.account(id))
        .catch((err) => ctx.log.warn({ err }, 'presence resync failed')),
    );
  });

  return {
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
