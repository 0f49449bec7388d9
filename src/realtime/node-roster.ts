import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { hashTag, type RedisClient, viaRedis } from '../state/redis-connection.ts';

/**
 * Which nodes hold Socket.IO connections (cluster mode), so that a node that is the only one can
 * skip publishing its broadcasts: nobody else could deliver them. Every publish costs the node an
 * encode, a write and its own echo to read back, and Redis a turn, on the busiest path (two per
 * direct message). docs/decisions.md, "A node alone publishes nothing", has the reasoning.
 *
 * A stale "others exist" only costs publishes; a stale "alone" would lose deliveries, so every
 * way to be wrong errs on the first side:
 * - Each node ticks once a second: one script records it in a sorted set (scored by Redis'
 *   clock), publishes the tick on the roster channel and answers the nodes recorded in the last
 *   `forgetAfterMs`. A node takes itself for alone only on a tick it has heard back (its
 *   subscription works) whose answer held no other node, sent less than `heardWithinMs` ago, with
 *   no message of another node heard since that echo (the channel keeps Redis' order: anything
 *   published after the tick's script arrives after its echo) and none for `forgetAfterMs`.
 * - A starting node says hello (the same script) before it serves its first connection, and
 *   waits until every node the answer named has acknowledged it, or `helloWaitMs`: a node that
 *   has not heard the hello by then has not heard its own later ticks either, and publishes.
 * - A node that stops says goodbye, so the others need not wait `forgetAfterMs`.
 * - The set's age: Redis that lost its data forgets who is there; a node waits `heardWithinMs`
 *   after the set (re)appears before it believes it (every live node ticks within it).
 */
export interface RosterTiming {
  tickMs: number;
  heardWithinMs: number;
  helloWaitMs: number;
  forgetAfterMs: number;
}

export const ROSTER_TIMING: RosterTiming = {
  tickMs: 1_000,
  heardWithinMs: 3_000,
  // Longer than heardWithinMs and a tick: see above.
  helloWaitMs: 5_000,
  forgetAfterMs: 30_000,
};

/**
 * KEYS: node set, since key. ARGV: node, forget-after ms, channel, message. Records the node (by
 * Redis' clock; nodes silent for twice forget-after are dropped), publishes the message, and
 * answers [node, score, …] of the nodes recorded within forget-after, Redis' time, and the set's age.
 */
const ROSTER_TICK = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - 2 * tonumber(ARGV[2]))
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('SET', KEYS[2], now, 'NX')
redis.call('PUBLISH', ARGV[3], ARGV[4])
local since = tonumber(redis.call('GET', KEYS[2]))
return { redis.call('ZRANGEBYSCORE', KEYS[1], now - tonumber(ARGV[2]), '+inf', 'WITHSCORES'), now, now - since }`;

/** KEYS: node set. ARGV: node, channel, message. */
const ROSTER_LEAVE = `
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('PUBLISH', ARGV[2], ARGV[3])
return 0`;

type TickAnswer = [flat: string[], now: number, ageMs: number];
type RosterClient = RedisClient & {
  chatRosterTick(set: string, since: string, node: string, forgetAfterMs: number, channel: string, message: string): Promise<TickAnswer>;
  chatRosterLeave(set: string, node: string, channel: string, message: string): Promise<number>;
};

/** Messages on the roster channel: `<kind>|<from>|…`. */
const TICK = 't';
const HELLO = 'h';
const ACK = 'a';
const BYE = 'b';

/** How many ticks not heard back yet are remembered (their echo may still come). */
const UNHEARD_KEPT = 10;

/** A hello of ours: who has acknowledged it, and (once its answer is back) who must. */
interface PendingHello {
  acked: Set<string>;
  expected: string[] | undefined;
  done(): void;
}

export class NodeRoster {
  private readonly set: string;
  private readonly since: string;
  private readonly channel: string;
  private readonly redis: RosterClient;
  private readonly timing: RosterTiming;
  private count = 0;
  private timer: NodeJS.Timeout | undefined;
  /** Local send times of ticks not yet heard back, by number. */
  private readonly sentAt = new Map<number, number>();
  /** Answers of ticks (alone or not) that came back before their echo, by number. */
  private readonly answers = new Map<number, boolean>();
  /** The newest tick heard back: its number, when it was sent, and whether its answer said alone. */
  private echoed: { n: number; sentAt: number; alone: boolean | undefined } | undefined;
  /** Other nodes heard on the channel, with when (local time), until forgotten. */
  private readonly heard = new Map<string, number>();
  private foreignSinceEcho = false;
  /** Until when (performance.now()) this node may skip publishing; 0 while it may not. */
  private aloneUntil = 0;
  private readonly hellos = new Map<string, PendingHello>();
  private closed = false;

  constructor(
    redis: RedisClient,
    private readonly subscriber: RedisClient,
    prefix: string,
    private readonly nodeId: string,
    private readonly log: Logger,
    timing: Partial<RosterTiming> = {},
  ) {
    const tag = hashTag(`${prefix}roster`);
    this.set = `${tag}:nodes`;
    this.since = `${tag}:since`;
    this.channel = `${tag}:ctl`;
    this.timing = { ...ROSTER_TIMING, ...timing };
    // Before the client's first command (see defineScripts in src/state/redis.ts).
    redis.defineCommand('chatRosterTick', { lua: ROSTER_TICK, numberOfKeys: 2 });
    redis.defineCommand('chatRosterLeave', { lua: ROSTER_LEAVE, numberOfKeys: 1 });
    this.redis = redis as RosterClient;
  }

  /**
   * Subscribes, says hello and waits for the other nodes to acknowledge it (or helloWaitMs), then
   * ticks. Resolves, with the nodes that did not acknowledge in time, when this node may serve
   * connections; never rejects (without Redis it serves anyway, and publishes everything until
   * its ticks are heard).
   */
  async join(): Promise<{ silent: string[] }> {
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.onMessage(message);
    });
    let silent: string[] = [];
    try {
      await viaRedis(this.subscriber.subscribe(this.channel));
      silent = await this.hello();
    } catch (err) {
      this.log.warn({ err }, 'roster: hello failed; publishing every broadcast until heard');
    }
    if (!this.closed) {
      this.timer = setInterval(() => void this.tick(), this.timing.tickMs);
      this.timer.unref();
      void this.tick();
    }
    return { silent };
  }

  /** Whether no other node holds connections: a broadcast then needs no publish. */
  alone(): boolean {
    return this.aloneUntil !== 0 && performance.now() < this.aloneUntil;
  }

  /** Stops ticking and leaves the set, telling the others (their broadcasts may then skip us). */
  async leave(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.aloneUntil = 0;
    this.subscriber.unsubscribe(this.channel).catch(() => {});
    try {
      await viaRedis(this.redis.chatRosterLeave(this.set, this.nodeId, this.channel, `${BYE}|${this.nodeId}|`));
    } catch (err) {
      // The others forget us after forgetAfterMs.
      this.log.warn({ err }, 'roster: leave failed');
    }
  }

  /** Resolves with the nodes that did not acknowledge in time. */
  private async hello(): Promise<string[]> {
    const nonce = `${++this.count}`;
    let done = () => {};
    const acknowledged = new Promise<void>((resolve) => {
      done = resolve;
    });
    const pending: PendingHello = { acked: new Set(), expected: undefined, done };
    this.hellos.set(nonce, pending);
    try {
      const [flat, now] = await viaRedis(
        this.redis.chatRosterTick(this.set, this.since, this.nodeId, this.timing.forgetAfterMs, this.channel, `${HELLO}|${this.nodeId}|${nonce}`),
      );
      // Only a node that ticked lately can be skipping publishes now: an older tick's
      // heardWithinMs has run out, and any later one is heard after this hello.
      const recent = now - this.timing.heardWithinMs - this.timing.tickMs;
      pending.expected = scored(flat).filter(([node, score]) => node !== this.nodeId && score >= recent).map(([node]) => node);
      if (pending.expected.every((node) => pending.acked.has(node))) return [];
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([acknowledged, new Promise((r) => (timer = setTimeout(r, this.timing.helloWaitMs)))]);
      clearTimeout(timer);
      const silent = pending.expected.filter((node) => !pending.acked.has(node));
      if (silent.length > 0) this.log.warn({ nodes: silent }, 'roster: nodes did not acknowledge our hello in time');
      return silent;
    } finally {
      this.hellos.delete(nonce);
    }
  }

  private async tick(): Promise<void> {
    if (this.closed) return;
    const n = ++this.count;
    this.sentAt.set(n, performance.now());
    this.forgetSilentNodes();
    // Ticks never heard back (a subscription that is down) are dropped after a few more.
    for (const k of this.sentAt.keys()) if (k < n - UNHEARD_KEPT) this.sentAt.delete(k);
    for (const k of this.answers.keys()) if (k < n - UNHEARD_KEPT) this.answers.delete(k);
    try {
      const [flat, , ageMs] = await viaRedis(
        this.redis.chatRosterTick(this.set, this.since, this.nodeId, this.timing.forgetAfterMs, this.channel, `${TICK}|${this.nodeId}|${n}`),
      );
      const alone = scored(flat).every(([node]) => node === this.nodeId) && ageMs >= this.timing.heardWithinMs;
      if (this.echoed?.n === n) this.echoed.alone = alone;
      else if (!this.echoed || this.echoed.n < n) this.answers.set(n, alone);
      this.decide();
    } catch {
      // An unanswered tick is never heard back either: the node publishes until one is.
      this.sentAt.delete(n);
    }
  }

  private onMessage(message: string): void {
    if (this.closed) return;
    // A tick's rest is its number, a hello's its nonce, an acknowledgement's `<to>|<nonce>`.
    const [kind, from, ...rest] = message.split('|');
    if (from === this.nodeId) {
      if (kind === TICK) this.onEcho(Number(rest[0]));
      return;
    }
    if (!from) return;
    this.foreignSinceEcho = true;
    this.aloneUntil = 0;
    if (kind === BYE) this.heard.delete(from);
    else this.heard.set(from, performance.now());
    if (kind === HELLO) {
      this.redis.publish(this.channel, `${ACK}|${this.nodeId}|${from}|${rest[0]}`).catch((err: unknown) => {
        this.log.warn({ err }, 'roster: acknowledgement failed');
      });
    } else if (kind === ACK) {
      const [to, nonce = ''] = rest;
      const pending = to === this.nodeId ? this.hellos.get(nonce) : undefined;
      if (!pending) return;
      pending.acked.add(from);
      if (pending.expected?.every((node) => pending.acked.has(node))) pending.done();
    }
  }

  private onEcho(n: number): void {
    const sentAt = this.sentAt.get(n);
    if (sentAt === undefined) return;
    for (const k of this.sentAt.keys()) if (k <= n) this.sentAt.delete(k);
    this.echoed = { n, sentAt, alone: this.answers.get(n) };
    for (const k of this.answers.keys()) if (k <= n) this.answers.delete(k);
    this.foreignSinceEcho = false;
    this.decide();
  }

  private decide(): void {
    const e = this.echoed;
    const alone = !this.closed && e?.alone === true && !this.foreignSinceEcho && this.heard.size === 0;
    this.aloneUntil = alone ? e.sentAt + this.timing.heardWithinMs : 0;
  }

  /** Forgets nodes not heard for forgetAfterMs (gone without a goodbye). */
  private forgetSilentNodes(): void {
    const cutoff = performance.now() - this.timing.forgetAfterMs;
    for (const [node, at] of this.heard) if (at < cutoff) this.heard.delete(node);
  }
}

/** ZRANGEBYSCORE … WITHSCORES as [member, score] pairs. */
function scored(flat: string[]): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i]!, Number(flat[i + 1])]);
  return out;
}
