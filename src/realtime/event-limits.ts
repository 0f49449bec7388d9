import { type EventBucket, LIMITED_EVENTS, type LimitedEvent, type SocketLimits } from '../config.ts';
import type { AppContext } from '../context.ts';
import { AppError, DependencyUnavailable } from '../errors.ts';
import { isApiKeyFormat, presentedKey } from '../modules/auth/credentials.ts';
import { MemoryState } from '../state/memory.ts';
import type { SharedState } from '../state/shared-state.ts';
import type { Ack } from './events.ts';
import { ackError, type ChatSocket, type SocketHandlers } from './gateway.ts';

const LIMITED: ReadonlySet<string> = new Set(LIMITED_EVENTS);
const isLimited = (event: unknown): event is LimitedEvent => typeof event === 'string' && LIMITED.has(event);

/** The refusal of an event over its limit: 429 semantics, `retryAfter` in seconds like HTTP's Retry-After. */
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, 'api.rateLimited', { headers: { 'Retry-After': String(retryAfterSeconds) } });

/**
 * Per-user token buckets of the socket events `msg`, `react`, `recall`, `edit`, `typing` and `status`
 * (docs/decisions.md, "Socket event limits"). The buckets live in the shared state: in Redis,
 * one bucket per user and event for the whole cluster; in process in embedded mode. While Redis
 * is unreachable each node falls back to buckets of its own, so sending keeps working (per node).
 */
export class EventLimiter {
  /** This node's buckets, used only while the shared state is out of reach. */
  private readonly local: SharedState;
  private degraded = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly limits: SocketLimits,
  ) {
    this.local = ctx.state.kind === 'memory' ? ctx.state : new MemoryState(ctx.clock);
  }

  /** Takes a token for one event of the user: undefined when allowed, else seconds until one is there. */
  async take(userId: number, event: LimitedEvent): Promise<number | undefined> {
    const bucket = this.limits.buckets[event];
    if (!bucket) return undefined;
    const { allowed, retryMs } = await this.takeToken(`sockrate:${event}:${userId}`, bucket);
    // Retry-After is whole seconds; a bucket refilling faster than that just waits a little longer.
    return allowed ? undefined : Math.max(1, Math.ceil(retryMs / 1000));
  }

  private async takeToken(key: string, bucket: EventBucket) {
    try {
      const res = await this.ctx.state.takeToken(key, bucket.ratePerSec, bucket.burst);
      this.degraded = false;
      return res;
    } catch (err) {
      if (!(err instanceof DependencyUnavailable)) throw err;
      if (!this.degraded) this.ctx.log.warn({ err }, 'socket event limits: redis unreachable, limiting per node');
      this.degraded = true;
      return this.local.takeToken(key, bucket.ratePerSec, bucket.burst);
    }
  }
}

/**
 * A Socket.IO middleware on every connection: each limited event first spends the user's bucket
 * (then, on an API-key connection, one call of the key's own rate window, like an HTTP request).
 * Over a limit the event is not run: its ack gets `{ok:false, error:'api.rateLimited', retryAfter}`.
 * `abuse.refusals` such refusals within `abuse.windowMs` on one connection disconnect it.
 */
export function eventLimitHandlers(ctx: AppContext): SocketHandlers {
  const limits = ctx.config.socketLimits;
  const limiter = new EventLimiter(ctx, limits);
  return (socket, { keys }) => {
    const key = socket.data.via === 'key' ? keyOf(socket) : undefined;
    const refusals: number[] = [];

    const refused = () => {
      const { refusals: most, windowMs } = limits.abuse;
      if (most === 0) return;
      const now = ctx.clock.now();
      refusals.push(now);
      while (refusals.length > 0 && refusals[0]! <= now - windowMs) refusals.shift();
      if (refusals.length < most || socket.disconnected) return;
      ctx.log.info({ userId: socket.data.userId, refusals: refusals.length }, 'socket disconnected: sustained rate-limit refusals');
      socket.disconnect(true);
    };

    socket.use((packet, next) => {
      const event = packet[0];
      if (!isLimited(event)) return next();
      const last = packet[packet.length - 1];
      const ack = typeof last === 'function' ? (last as Ack) : undefined;
      void (async () => {
        const wait = await limiter.take(socket.data.userId, event);
        if (wait !== undefined) throw rateLimited(wait);
        // The key is resolved again (a cache hit) so that a changed rateLimit applies at once.
        if (key !== undefined) await keys.consumeRate(await keys.resolve(key));
      })().then(
        () => next(),
        (err) => {
          ackError(ack, err, ctx);
          if (err instanceof AppError && err.key === 'api.rateLimited') refused();
        },
      );
    });
  };
}

/** The API key a connection authenticated with (`auth.token` or the handshake headers, as the gateway reads them). */
function keyOf(socket: ChatSocket): string | undefined {
  const token = socket.handshake.auth?.token;
  if (typeof token === 'string' && isApiKeyFormat(token)) return token;
  return presentedKey(socket.handshake.headers);
}
