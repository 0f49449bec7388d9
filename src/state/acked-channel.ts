import { DependencyUnavailable } from '../errors.ts';
import { randomHex } from '../lib/crypto.ts';
import type { SharedState } from './shared-state.ts';

/** A node that does not answer within this time is not waited for (it may have died). */
const ACK_TIMEOUT_MS = 2_000;

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
 * nothing that matters. Each node acknowledges on `<channel>.ack` once its
 * handler has finished; `send` waits for as many acknowledgements as
 * `publish` counted receivers, or at most two seconds.
 *
 * While Redis is unreachable nothing can be broadcast: `send` applies the
 * message on this node only and resolves (the change it announces has already
 * been made); every node runs `resync` when its connection comes back, since
 * it may have missed messages meanwhile (a cache drops everything).
 */
export class AckedChannel {
  private readonly waiting = new Map<string, { acks: number; expected: number | undefined; done: () => void }>();

  constructor(
    private readonly state: SharedState,
    private readonly channel: string,
    private readonly handler: (body: string) => void | Promise<void>,
    private readonly onError: (err: unknown) => void = () => {},
    resync: () => void = () => {},
  ) {
    state.onReconnect(resync);
  }

  async start(): Promise<void> {
    await this.state.subscribe(`${this.channel}.ack`, (id) => {
      const w = this.waiting.get(id);
      if (!w) return;
      w.acks++;
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
        await this.state.publish(`${this.channel}.ack`, id);
      })().catch(this.onError);
    });
  }

  /** Broadcasts `body` to every node (this one included) and resolves once all have handled it. */
  async send(body: string): Promise<void> {
    const id = randomHex(8);
    let timer: NodeJS.Timeout | undefined;
    const handled = new Promise<void>((resolve) => {
      this.waiting.set(id, { acks: 0, expected: undefined, done: resolve });
      timer = setTimeout(resolve, ACK_TIMEOUT_MS);
      timer.unref();
    });
    try {
      let receivers: number;
      try {
        receivers = await this.state.publish(this.channel, JSON.stringify({ id, body } satisfies Envelope));
      } catch (err) {
        if (!(err instanceof DependencyUnavailable)) throw err;
        this.onError(err);
        await this.handler(body);
        return;
      }
      const w = this.waiting.get(id);
      if (w) w.expected = receivers;
      this.settle(id);
      await handled;
    } finally {
      clearTimeout(timer);
      this.waiting.delete(id);
    }
  }

  private settle(id: string): void {
    const w = this.waiting.get(id);
    if (w?.expected !== undefined && w.acks >= w.expected) {
      this.waiting.delete(id);
      w.done();
    }
  }
}
