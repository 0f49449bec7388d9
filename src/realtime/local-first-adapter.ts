import { Adapter, type BroadcastOptions, type ClusterAdapter, MessageType } from 'socket.io-adapter';

type Packet = Parameters<Adapter['broadcast']>[0];

/**
 * Wraps a cluster adapter factory (the sharded Redis adapter) so that a
 * broadcast is written to this node's connections at once, then published to
 * the other nodes.
 *
 * Socket.IO's ClusterAdapter awaits Redis's answer to the publish before it
 * delivers to its own connections, so every local delivery waited for a Redis
 * round trip, and on a busy machine for Redis to be scheduled: the cluster
 * fan-out p99 measured 2.08× bare Socket.IO where embedded mode measured
 * 1.3–1.5×. It waits for the publish offset, which only connection-state
 * recovery uses, and this server does not enable it. The in-memory and the
 * classic Redis adapters deliver locally first too. The publish still carries
 * the same message (ClusterAdapter's own format), and other nodes deliver it
 * exactly as before; ioredis keeps the order of publishes on its connection.
 *
 * It also remembers the publishes the broker has not taken yet: a message is acknowledged to
 * its sender only after its broadcast was taken (`published()`), so a node that dies after the
 * commit cannot have acknowledged a message that no other node will hear of.
 */
/** What the wrapped adapter adds: a way to wait until the other nodes can have heard. */
export interface PublishTracking {
  /** Resolves once every broadcast made so far has been taken by the broker (or has failed). */
  published(): Promise<void>;
}

/** `published()` of an adapter that has it; others (in-memory) deliver everything at once. */
export const publishedBy = (adapter: unknown): Promise<void> =>
  typeof (adapter as Partial<PublishTracking>).published === 'function' ? (adapter as PublishTracking).published() : Promise.resolve();

/**
 * `alone`: whether no other node holds connections (src/realtime/node-roster.ts); a broadcast then
 * ends with the local delivery. Other messages (joins, disconnects across nodes) publish as before.
 */
export function deliverLocallyFirst(make: (nsp: unknown) => ClusterAdapter, alone: () => boolean = () => false): (nsp: unknown) => ClusterAdapter {
  // A plain function, not an arrow: Socket.IO calls the factory with `new`.
  return function localFirst(nsp: unknown): ClusterAdapter {
    const adapter = make(nsp);
    // ClusterAdapter.publishAndReturnOffset is protected; it resolves once the broker took the message.
    const publish = (adapter as unknown as { publishAndReturnOffset(m: { type: MessageType; data: unknown }): Promise<unknown> }).publishAndReturnOffset.bind(
      adapter,
    );
    dropOwnEchoes(adapter);
    const taken = new PublishCounter();
    // Async only to match ClusterAdapter's signature: everything runs before the first await (there is none).
    adapter.broadcast = async (packet: Packet, opts: BroadcastOptions) => {
      // Adapter.broadcast encodes before it looks for sockets: not for a room with none here.
      if (reachesLocalSocket(adapter, opts)) Adapter.prototype.broadcast.call(adapter, packet, opts);
      if (opts.flags?.local || alone()) return;
      const done = taken.started();
      publish({
        type: MessageType.BROADCAST,
        data: { packet, opts: { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags } },
      })
        .catch(() => {
          // As ClusterAdapter.publish does: a failed publish is not the broadcaster's error (Redis is
          // gone; readiness reports it). `published()` resolves all the same.
        })
        .finally(done);
    };
    return Object.assign(adapter, { published: () => taken.allSoFar() } satisfies PublishTracking);
  };
}

/**
 * Whether a broadcast has a socket of this node to go to, by the rules of Adapter.apply (the
 * rooms' sockets, less those in any `except` room), stopping at the first. A direct message's
 * copy for its sender's other connections has none on the node the sender is connected to.
 */
export function reachesLocalSocket(adapter: Pick<Adapter, 'rooms' | 'sids' | 'nsp'>, opts: Pick<BroadcastOptions, 'rooms' | 'except'>): boolean {
  const gets = (id: string) => {
    if (!adapter.nsp.sockets.has(id)) return false;
    for (const room of opts.except ?? []) if (adapter.rooms.get(room)?.has(id)) return false;
    return true;
  };
  // No rooms: a broadcast to every socket of the namespace.
  if (opts.rooms.size === 0) {
    for (const id of adapter.sids.keys()) if (gets(id)) return true;
    return false;
  }
  for (const room of opts.rooms) for (const id of adapter.rooms.get(room) ?? []) if (gets(id)) return true;
  return false;
}

/**
 * The broker hands a node back its own publishes on every room channel it listens to (its sockets
 * are there too), and ClusterAdapter parses each one only to drop it for its `uid`. A JSON message
 * of ours ends with the `uid` and `nsp` that `publishAndReturnOffset` sets last, so it is dropped
 * on those bytes, unparsed: one JSON.parse less per broadcast (3% of a node's time sending direct
 * messages). Anything else, binary (msgpack) messages included, is parsed as before; a future
 * layout that no longer ends this way is parsed as before too.
 */
function dropOwnEchoes(adapter: ClusterAdapter): void {
  const raw = adapter as unknown as { onRawMessage?: (message: Buffer, channel: Buffer) => void; uid: string; nsp: { name: string } };
  const original = raw.onRawMessage;
  if (typeof original !== 'function') return;
  const tail = Buffer.from(`,"uid":${JSON.stringify(raw.uid)},"nsp":${JSON.stringify(raw.nsp.name)}}`);
  raw.onRawMessage = (message, channel) => {
    const own = Buffer.isBuffer(message) && message[0] === 0x7b && message.length > tail.length && tail.equals(message.subarray(message.length - tail.length));
    if (!own) original.call(adapter, message, channel);
  };
}

/**
 * Publishes numbered as they start; `allSoFar()` resolves once every publish started before it
 * has ended. One counter and a queue of waiters rather than a set of pending publishes awaited
 * whole by each caller: with 200 sends in flight, every acknowledgement awaited the 200 publishes
 * pending at that moment (O(n²) promise reactions on the busiest path).
 */
export class PublishCounter {
  private startedCount = 0;
  /** Every publish numbered up to this one has ended. */
  private endedUpTo = 0;
  /** Ended out of order (a failure answered before an earlier success), above `endedUpTo`. */
  private readonly endedAbove = new Set<number>();
  private readonly waiters: Array<{ upTo: number; resolve: () => void }> = [];

  /** Numbers a publish that starts now; call what it returns when the publish has ended. */
  started(): () => void {
    const n = ++this.startedCount;
    return () => this.ended(n);
  }

  allSoFar(): Promise<void> {
    const upTo = this.startedCount;
    if (this.endedUpTo >= upTo) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ upTo, resolve }));
  }

  private ended(n: number): void {
    this.endedAbove.add(n);
    while (this.endedAbove.delete(this.endedUpTo + 1)) this.endedUpTo++;
    // Waiters are queued in the order they asked, so their marks never decrease.
    while (this.waiters.length > 0 && this.waiters[0]!.upTo <= this.endedUpTo) this.waiters.shift()!.resolve();
  }
}
