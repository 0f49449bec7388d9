import type { AppContext } from '../context.ts';
import type { LiveConnection, LiveStatus, PresenceInfo } from '../state/shared-state.ts';

/** The persisted defaults of a user that shape how others see them. */
export interface PresenceDefaults {
  id: number;
  invisible: boolean;
  away: boolean;
}

export interface PresenceView {
  online: boolean;
  away: boolean;
  platforms: string[];
}

/**
 * Presence as others see it: online when connected anywhere and not invisible
 * (live status first, persisted setting second). Changes are pushed only to
 * the user's audience (friends and co-members), never to everyone.
 */
export class PresenceService {
  constructor(private readonly ctx: AppContext) {}

  /** How `users` appear to other people, in one round trip to the presence store. */
  async view(users: readonly PresenceDefaults[]): Promise<Map<number, PresenceView>> {
    const infos = await this.ctx.state.presence.get(users.map((u) => u.id));
    const out = new Map<number, PresenceView>();
    for (const u of users) out.set(u.id, seenByOthers(u, infos.get(u.id)));
    return out;
  }

  /** The user's own view: online whenever connected, invisible or not. */
  async self(userId: number): Promise<{ online: boolean; platforms: string[] }> {
    const platforms = await this.ctx.state.presence.platforms(userId);
    return { online: platforms.length > 0, platforms };
  }

  /**
   * Records a connection; the first one announces the user online, unless they are invisible:
   * an invisible user's comings and goings announce nothing at all (docs/decisions.md). Their
   * persisted setting then becomes the live status, so that the last disconnection (on any
   * node, with no account at hand) still knows to stay silent.
   */
  async connected(user: PresenceDefaults & { name: string }, connId: string, platform: string): Promise<void> {
    const first = await this.ctx.state.presence.add(user.id, connId, platform);
    if (!first) return;
    const info = await this.info(user.id);
    if (info?.status?.invisible ?? user.invisible) {
      if (!info?.status) await this.ctx.state.presence.setStatus(user.id, { invisible: true, away: user.away });
      return;
    }
    await this.announce(user.name, user.id, seenByOthers(user, info));
  }

  async disconnected(user: { id: number; name: string }, connId: string): Promise<void> {
    // Read before the removal, which clears the live status with the last connection.
    const invisible = (await this.info(user.id))?.status?.invisible ?? false;
    const last = await this.ctx.state.presence.remove(user.id, connId);
    if (last && !invisible) await this.announce(user.name, user.id, { online: false, away: false, platforms: [] });
  }

  /** Live switch (the `status` socket event or a settings change while connected). */
  async setStatus(user: { id: number; name: string }, status: LiveStatus): Promise<void> {
    const before = await this.info(user.id);
    if (!before?.connected) return;
    await this.ctx.state.presence.setStatus(user.id, status);
    const view = seenByOthers({ id: user.id, ...status }, { ...before, status });
    // Invisible before and after: others saw nothing change, so only the user's own devices hear of it.
    const stillHidden = status.invisible && (before.status?.invisible ?? false);
    await this.announce(user.name, user.id, view, { ownDevices: true, othersToo: !stillHidden });
  }

  /**
   * Makes the presence store hold exactly this node's `live` connections (after a Redis outage)
   * and announces the users that came online or went offline through it. `defaults`: a user's
   * persisted invisible/away settings.
   */
  async resync(
    live: readonly LiveConnection[],
    defaults: (userId: number) => Promise<{ invisible: boolean; away: boolean; name: string }>,
  ): Promise<void> {
    const { online, offline } = await this.ctx.state.presence.resync(live);
    const infos = await this.ctx.state.presence.get(online);
    for (const id of online) {
      const user = await defaults(id);
      if (infos.get(id)?.status?.invisible ?? user.invisible) continue;
      await this.announce(user.name, id, seenByOthers({ id, invisible: user.invisible, away: user.away }, infos.get(id)));
    }
    for (const id of offline) {
      const user = await defaults(id).catch(() => undefined);
      if (user) await this.announce(user.name, id, { online: false, away: false, platforms: [] });
    }
  }

  /** Offline announcements for users whose node died (called by the periodic sweep). */
  async announceOffline(users: ReadonlyArray<{ id: number; name: string }>): Promise<void> {
    for (const u of users) await this.announce(u.name, u.id, { online: false, away: false, platforms: [] });
  }

  private async info(userId: number): Promise<PresenceInfo | undefined> {
    return (await this.ctx.state.presence.get([userId])).get(userId);
  }

  /**
   * Sends a presence change to the user's audience. A live status switch also
   * reaches the user's own other devices; coming online or going offline has
   * no other device to tell (it is the first or the last connection).
   */
  private async announce(
    name: string,
    userId: number,
    view: PresenceView,
    opts: { ownDevices?: boolean; othersToo?: boolean } = {},
  ): Promise<void> {
    const audience = new Set<number>();
    if (opts.othersToo !== false) for (const hook of this.ctx.hooks.presenceAudience) for (const id of await hook(userId)) audience.add(id);
    if (opts.ownDevices) audience.add(userId);
    else audience.delete(userId);
    this.ctx.notifier.toUsers([...audience], 'presence', { name, ...view });
  }
}

function seenByOthers(u: PresenceDefaults, info: PresenceInfo | undefined): PresenceView {
  if (!info?.connected) return { online: false, away: false, platforms: [] };
  const invisible = info.status?.invisible ?? u.invisible;
  if (invisible) return { online: false, away: false, platforms: [] };
  return { online: true, away: info.status?.away ?? u.away, platforms: info.platforms };
}
