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

export function deliverLocallyFirst(make: (nsp: unknown) => ClusterAdapter): (nsp: unknown) => ClusterAdapter {
  // A plain function, not an arrow: Socket.IO calls the factory with `new`.
  return function localFirst(nsp: unknown): ClusterAdapter {
    const adapter = make(nsp);
    // ClusterAdapter.publishAndReturnOffset is protected; it resolves once the broker took the message.
    const publish = (adapter as unknown as { publishAndReturnOffset(m: { type: MessageType; data: unknown }): Promise<unknown> }).publishAndReturnOffset.bind(
      adapter,
    );
    const outstanding = new Set<Promise<unknown>>();
    // Async only to match ClusterAdapter's signature: everything runs before the first await (there is none).
    adapter.broadcast = async (packet: Packet, opts: BroadcastOptions) => {
      Adapter.prototype.broadcast.call(adapter, packet, opts);
      if (opts.flags?.local) return;
      const sent = publish({
        type: MessageType.BROADCAST,
        data: { packet, opts: { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags } },
      }).catch(() => {
        // As ClusterAdapter.publish does: a failed publish is not the broadcaster's error (Redis is
        // gone; readiness reports it). `published()` resolves all the same.
      });
      outstanding.add(sent);
      void sent.finally(() => outstanding.delete(sent));
    };
    return Object.assign(adapter, {
      published: async (): Promise<void> => {
        await Promise.all([...outstanding]);
      },
    } satisfies PublishTracking);
  };
}
