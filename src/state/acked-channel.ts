import { DependencyUnavailable } from '../errors.ts';
import { randomHex } from '../lib/crypto.ts';
import type { SharedState } from './shared-state.ts';

/** A node that does not answer within this time is not waited for (it may have died). */
const ACK_TIMEOUT_MS = 2_000;
/** A listener not heard of for this long has stopped (each re-enters the roll every third of it). */
const LISTENER_LIVE_MS = 15_000;

interface Envelope {
  id: string;
  body: string;
}

/**
 * A broadcast channel whose sender waits until every subscribed node has
 * handled the message. Plain pub/sub only promises delivery "soon": a request
 * that changed something could answer, and the client's next request reach
 * another node, before that node heard of the change. Used for cache
 * invalidations, which are rare, so the extra round of acknowledgements costs
 * nothing that matters. Each node acknowledges on `<channel>.ack`, naming
 * itself, once its handler has finished; `send` waits for every listener of the
 * channel's roll (the nodes that subscribed and are alive), or at most two
 * seconds. The roll, not the count that PUBLISH answers: on a Redis Cluster
 * that count covers only the subscribers connected to the node that took the
 * publish, so a sender could stop waiting before another node had handled the
 * message (a revoked key still accepted there for a moment). A listener enters
 * the roll after subscribing, so whoever the roll names hears the message; a
 * node that stops leaves it, one that dies is forgotten after LISTENER_LIVE_MS
 * (until then a send waits the two seconds for it).
 *
 * While Redis is unreachable nothing can be broadcast: `send` applies the
 * message on this node only and resolves (the change it announces has already
 * been made); every node runs `resync` when its connection comes back, since
 * it may have missed messages meanwhile (a cache drops everything).
 */
export class AckedChannel {
  private readonly waiting = new Map<string, { acked: Set<string>; expected: readonly string[] | undefined; done: () => void }>();
  /** This node's name on the channel's roll and in its acknowledgements. */
  private readonly listener = randomHex(8);

  constructor(
    private readonly state: SharedState,
    private readonly channel: string,
    private readonly handler: (body: string) => void | Promise<void>,
    private readonly onError: (err: unknown) => void = () => {},
    resync: () => void = () => {},
  ) {
    state.onReconnect(resync);
  }

  private get rollKey(): string {
    return `${this.channel}.listeners`;
  }

  async start(): Promise<void> {
    await this.state.subscribe(`${this.channel}.ack`, (ack) => {
      const [id = '', from = ''] = ack.split(' ');
      const w = this.waiting.get(id);
      if (!w) return;
      w.acked.add(from);
      this.settle(id);
    });
    await this.state.subscribe(this.channel, (raw) => {
      const { id, body } = JSON.parse(raw) as Envelope;
      void (async () => {
        try {
          await this.handler(body);
        } catch (err) {
          this.onError(err);
        }
        await this.state.publish(`${this.channel}.ack`, `${id} ${this.listener}`);
      })().catch(this.onError);
    });
    await this.state.joinRoll(this.rollKey, this.listener, LISTENER_LIVE_MS);
  }

  /** Broadcasts `body` to every node (this one included) and resolves once all have handled it. */
  async send(body: string): Promise<void> {
    const id = randomHex(8);
    let timer: NodeJS.Timeout | undefined;
    const handled = new Promise<void>((resolve) => {
      this.waiting.set(id, { acked: new Set(), expected: undefined, done: resolve });
      timer = setTimeout(resolve, ACK_TIMEOUT_MS);
      timer.unref();
    });
    try {
      let listeners: string[];
      try {
        // Read before the publish: a listener that joins later subscribed before it joined, and
        // may or may not hear this message; it started after the change anyway.
        listeners = await this.state.roll(this.rollKey, LISTENER_LIVE_MS);
        await this.state.publish(this.channel, JSON.stringify({ id, body } satisfies Envelope));
      } catch (err) {
        if (!(err instanceof DependencyUnavailable)) throw err;
        this.onError(err);
        await this.handler(body);
        return;
      }
      const w = this.waiting.get(id);
      if (w) w.expected = listeners;
      this.settle(id);
      await handled;
    } finally {
      clearTimeout(timer);
      this.waiting.delete(id);
    }
  }

  private settle(id: string): void {
    const w = this.waiting.get(id);
    if (w?.expected?.every((l) => w.acked.has(l))) {
      this.waiting.delete(id);
      w.done();
    }
  }
}
