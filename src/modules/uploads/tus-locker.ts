import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { SharedState } from '../../state/shared-state.ts';

const RELEASE_CHANNEL = 'tus:release';
/** A crashed holder's lock lapses after this long. */
const LOCK_TTL_MS = 10 * 60_000;
/** How long a request waits for a lock before giving up (tus answers 500 ERR_LOCK_TIMEOUT). */
const ACQUIRE_TIMEOUT_MS = 30_000;
const RETRY_MS = 100;

/**
 * A tus locker shared by every node (through SharedState, i.e. Redis). A
 * request that finds an upload locked asks the holder, wherever it runs, to
 * release it (tus' "a new request takes over a stalled one") and retries.
 */
export class SharedStateLocker implements Locker {
  /** Locks held by this node: upload id → ask the holding request to stop. */
  readonly held = new Map<string, RequestRelease>();
  private subscribed: Promise<void> | undefined;

  constructor(readonly state: SharedState) {}

  /** Listens for release requests from other nodes. */
  listen(): Promise<void> {
    this.subscribed ??= this.state.subscribe(RELEASE_CHANNEL, (id) => void this.held.get(id)?.());
    return this.subscribed;
  }

  newLock(id: string): Lock {
    return new SharedStateLock(id, this);
  }
}

class SharedStateLock implements Lock {
  constructor(
    private readonly id: string,
    private readonly locker: SharedStateLocker,
  ) {}

  private get key(): string {
    return `tus:lock:${this.id}`;
  }

  async lock(signal: AbortSignal, cancelReq: RequestRelease): Promise<void> {
    const giveUp = Date.now() + ACQUIRE_TIMEOUT_MS;
    for (;;) {
      if ((await this.locker.state.incr(this.key, LOCK_TTL_MS)) === 1) {
        this.locker.held.set(this.id, cancelReq);
        return;
      }
      await this.locker.state.publish(RELEASE_CHANNEL, this.id);
      if (signal.aborted || Date.now() > giveUp) throw ERRORS.ERR_LOCK_TIMEOUT;
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }

  async unlock(): Promise<void> {
    this.locker.held.delete(this.id);
    await this.locker.state.del(this.key);
  }
}
