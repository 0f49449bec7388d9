import type { AppContext } from '../../context.ts';
import { AckedChannel } from '../../state/acked-channel.ts';
import { penaltiesStore } from './penalties.store.ts';

const CHANNEL = 'ipbans.changed';
/** Safety net: reload even without a message (a pub/sub message lost while Redis reconnected). */
const RELOAD_EVERY_MS = 60_000;

/**
 * The addresses under an ip ban, held by every node so that checking a request
 * costs a map lookup, not a query. A change anywhere (`changed()`) reaches
 * every node through an acknowledged broadcast: each reloads from the
 * database, and `changed()` resolves once all have.
 * Expiry needs no message: it is decided against the clock at each check.
 */
export class IpBanList {
  /** Address → when its ban ends (null: permanent). */
  private bans = new Map<string, number | null>();
  /** The reload in progress, if any: checks wait for it so a change is seen as soon as it is announced. */
  private loading: Promise<void> | undefined;
  private readonly listeners: Array<() => void> = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly bus: AckedChannel;

  constructor(private readonly ctx: AppContext) {
    this.bus = new AckedChannel(
      ctx.state,
      CHANNEL,
      () => this.reload(),
      (err) => ctx.log.warn({ err }, 'ip ban broadcast failed'),
      () => void this.reload(),
    );
  }

  async start(): Promise<void> {
    await this.bus.start();
    await this.reload();
    this.timer = setInterval(() => void this.reload(), RELOAD_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** True while an ip ban on `address` is in force (waits for a reload in progress). */
  async isBanned(address: string): Promise<boolean> {
    if (this.loading) await this.loading;
    return this.bannedNow(address);
  }

  /** The same check against what is loaded now, without waiting. */
  bannedNow(address: string): boolean {
    if (!this.bans.has(address)) return false;
    const expires = this.bans.get(address);
    return expires === null || (expires !== undefined && expires > this.ctx.clock.now());
  }

  /** Call after an ip ban was added, revoked or deleted: resolves once every node has reloaded. */
  async changed(): Promise<void> {
    await this.bus.send('reload');
  }

  /** `listener` runs after a reload that found an address not banned before (the gateway drops its connections). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Reloads are chained: a change announced during a reload triggers another one after it. */
  private reload(): Promise<void> {
    const next = (this.loading ?? Promise.resolve())
      .then(() => this.load())
      .catch((err) => this.ctx.log.warn({ err }, 'ip ban reload failed'))
      .finally(() => {
        if (this.loading === next) this.loading = undefined;
      });
    this.loading = next;
    return next;
  }

  private async load(): Promise<void> {
    const rows = await penaltiesStore.ipBans(this.ctx.db, this.ctx.clock.now());
    const before = this.bans;
    this.bans = new Map(rows.map((r) => [r.ip, r.expires]));
    if (rows.some((r) => !before.has(r.ip))) for (const listener of this.listeners) listener();
  }
}
