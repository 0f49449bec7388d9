import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { MessageKey } from '../../i18n/keys.ts';
import type { PenaltyPayload } from '../../realtime/events.ts';
import { type Actor, audit } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { MailboxService } from '../mailbox/mailbox.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { type UserRow, usersStore } from '../users/users.store.ts';
import { IpBanList } from './ip-bans.ts';
import type { AddPenaltyBody, PenaltiesQuery } from './moderation.schema.ts';
import { inForce, isPermanent, type PenaltyAction, penaltyExpiry } from './penalties.policy.ts';
import { type PenaltyRow, penaltiesStore } from './penalties.store.ts';

/** A penalty as the API shows it (spec 2.11); `ip` only to administrators. */
export interface PenaltyView {
  id: number;
  user: string;
  action: PenaltyAction;
  duration: number;
  expires: number | null;
  reason: string;
  actor: string;
  created: number;
  revoked: boolean;
  /** In force now. */
  active: boolean;
  ip?: string | null;
}

/** What to impose; `ip` is the address an ip ban covers. */
export interface PenaltyInput {
  userId: number;
  action: PenaltyAction;
  duration: number;
  reason: string;
  ip: string | null;
}

/** Work to run once the transaction that made a change has committed. */
export type AfterCommit = () => Promise<void>;

const NOTICE_TITLE: Record<PenaltyAction, MessageKey> = {
  warning: 'api.notify.penalty.warning',
  mute: 'api.notify.penalty.mute',
  ban: 'api.notify.penalty.ban',
  ipban: 'api.notify.penalty.ipban',
};

/**
 * Penalties and every effect they have, in one place: mute (`assertCanSend`),
 * ban (login, sessions, keys, sockets), ip ban (requests and handshakes from
 * the address). All checks read caches invalidated cluster-wide, so the hot
 * path costs no query, and compare expiries with the clock, so a penalty
 * ending restores access without any message.
 */
export class PenaltiesService {
  readonly ipBans: IpBanList;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { users: UsersService; auth: AuthService; mailbox: MailboxService },
  ) {
    this.ipBans = new IpBanList(ctx);
  }

  start(): Promise<void> {
    return this.ipBans.start();
  }

  stop(): void {
    this.ipBans.stop();
  }

  // ---- checks used by other modules ----

  /**
   * Throws unless the user may send messages now: 403 `api.msg.muted` under a
   * mute, 403 `api.login.banned` under a ban. Reads the per-node account
   * snapshot (no query on the hot path). Messaging calls this on every send
   * path (socket ack and HTTP).
   */
  async assertCanSend(userId: number): Promise<void> {
    const effective = this.deps.users.effectivePenalties(await this.deps.users.account(userId));
    if (effective.some((p) => p.action === 'ban')) throw forbidden('api.login.banned');
    if (effective.some((p) => p.action === 'mute')) throw forbidden('api.msg.muted');
  }

  /** True while an ip ban on the address is in force (a map lookup). */
  isAddressBanned(address: string): Promise<boolean> {
    return this.ipBans.isBanned(address);
  }

  // ---- administration ----

  /** POST /api/admin/penalties/add: by name; an ip ban covers the user's last login address. */
  async add(actor: Actor, body: AddPenaltyBody): Promise<PenaltyView> {
    const user = await this.punishable(actor, body.user);
    const ip = body.action === 'ipban' ? this.addressToBan(actor, user.last_ip) : null;
    const { id, afterCommit } = await this.ctx.db.tx((q) =>
      this.imposeIn(q, actor, { userId: user.id, action: body.action, duration: body.duration, reason: body.reason, ip }),
    );
    await afterCommit();
    return this.view((await penaltiesStore.byId(this.ctx.db, id))!, true);
  }

  /** The account a penalty by `actor` may go to: 404 `api.user.notFound`, 400 `api.penalty.self`. */
  async punishable(actor: Actor, name: string): Promise<UserRow> {
    const user = await usersStore.byName(this.ctx.db, name);
    if (!user) throw notFound('api.user.notFound');
    if (user.id === actor.id) throw badRequest('api.penalty.self');
    return user;
  }

  /**
   * The address an ip ban would cover, as the server recorded it: 400
   * `api.penalty.noAddress` without one, `api.penalty.ownAddress` when it is
   * the administrator's own (they would lock themselves out).
   */
  addressToBan(actor: Actor, recorded: string | null): string {
    if (!recorded) throw badRequest('api.penalty.noAddress');
    if (recorded === actor.ip) throw badRequest('api.penalty.ownAddress');
    return recorded;
  }

  /**
   * Imposes a penalty inside the caller's transaction `q` (audited there) and
   * returns what must run after it commits: cache invalidation, ending
   * sessions and sockets for a ban, reloading ip bans, the `penalty` push and
   * the notification. Reports (`reports/punish`) use this within their own
   * transaction.
   */
  async imposeIn(q: Queryable, actor: Actor, input: PenaltyInput): Promise<{ id: number; afterCommit: AfterCommit }> {
    const now = this.ctx.clock.now();
    const expires = penaltyExpiry(input.duration, now);
    const duration = isPermanent(input.duration) ? 0 : input.duration;
    const id = await penaltiesStore.insert(q, {
      ...input,
      duration,
      expires,
      actorId: actor.id,
      actorName: actor.name,
      now,
    });
    const target = await usersStore.byId(q, input.userId);
    await audit(q, {
      actor,
      action: 'penalty.add',
      target: target?.name ?? '',
      detail: {
        k: 'api.audit.penaltyAdd',
        v: { id, user: target?.name ?? '', action: input.action, duration, ip: input.ip, reason: input.reason },
      },
      ts: now,
    });
    const push: PenaltyPayload = { action: input.action, expires, reason: input.reason };
    return { id, afterCommit: () => this.afterImposed(id, input, push) };
  }

  private async afterImposed(id: number, input: PenaltyInput, push: PenaltyPayload): Promise<void> {
    await this.ctx.identities.invalidateUser(input.userId);
    this.ctx.notifier.toUser(input.userId, 'penalty', push);
    if (input.action === 'ban') {
      await this.deps.auth.revokeSessions(input.userId, { ban: true });
      await this.ctx.notifier.disconnectUser(input.userId, 'banned');
    }
    if (input.action === 'ipban') await this.ipBans.changed();
    await this.deps.mailbox.enqueueNotification({
      userId: input.userId,
      kind: 'penalty',
      sourceId: String(id),
      title: NOTICE_TITLE[input.action],
      body: input.reason,
    });
  }

  /** POST /api/admin/penalties/revoke. 404 unknown, 409 already revoked. */
  async revoke(actor: Actor, id: number): Promise<void> {
    const afterCommit = await this.ctx.db.tx((q) => this.revokeIn(q, actor, id));
    await afterCommit();
  }

  /** Revokes inside the caller's transaction (appeals use it); returns the after-commit work. */
  async revokeIn(q: Queryable, actor: Actor, id: number): Promise<AfterCommit> {
    const p = await penaltiesStore.byId(q, id);
    if (!p) throw notFound('api.penalty.notFound');
    const now = this.ctx.clock.now();
    if (!(await penaltiesStore.revoke(q, id, now))) throw conflict('api.penalty.alreadyRevoked');
    await audit(q, {
      actor,
      action: 'penalty.revoke',
      target: p.user_name,
      detail: { k: 'api.audit.penaltyRevoke', v: { id, user: p.user_name, action: p.action } },
      ts: now,
    });
    return async () => {
      await this.ctx.identities.invalidateUser(p.user_id);
      if (p.action === 'ipban') await this.ipBans.changed();
      // Additive to the spec (which pushes only impositions): a client lifts a mute at once.
      this.ctx.notifier.toUser(p.user_id, 'penalty.lifted', { id, action: p.action });
    };
  }

  /** GET /api/admin/penalties: newest first. */
  async list(query: PenaltiesQuery): Promise<PenaltyView[]> {
    let userId: number | undefined;
    if (query.user !== undefined) {
      const user = await usersStore.byName(this.ctx.db, query.user);
      if (!user) return [];
      userId = user.id;
    }
    const rows = await penaltiesStore.list(this.ctx.db, {
      userId,
      active: query.active,
      now: this.ctx.clock.now(),
      limit: query.limit,
      offset: query.offset,
    });
    return rows.map((r) => this.view(r, true));
  }

  /** GET /api/me/penalties: the caller's own history, newest first. */
  async mine(userId: number): Promise<PenaltyView[]> {
    const rows = await penaltiesStore.list(this.ctx.db, { userId, now: this.ctx.clock.now(), limit: 1000, offset: 0 });
    return rows.map((r) => this.view(r, false));
  }

  /** A penalty row for other modules (appeals): undefined when unknown. */
  byId(q: Queryable, id: number): Promise<PenaltyRow | undefined> {
    return penaltiesStore.byId(q, id);
  }

  /** In force now. */
  inForce(p: { revoked: boolean; expires: number | null }): boolean {
    return inForce(p, this.ctx.clock.now());
  }

  private view(p: PenaltyRow, forAdmin: boolean): PenaltyView {
    return {
      id: p.id,
      user: p.user_name,
      action: p.action,
      duration: p.duration,
      expires: p.expires,
      reason: p.reason,
      actor: p.actor,
      created: p.created,
      revoked: p.revoked,
      active: this.inForce(p),
      ...(forAdmin ? { ip: p.ip } : {}),
    };
  }
}
