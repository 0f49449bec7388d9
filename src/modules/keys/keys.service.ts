import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { AppError, badRequest, forbidden, notFound, UniqueViolation, unauthorized } from '../../errors.ts';
import type { Identity } from '../../identity.ts';
import { isScope, normalizeScopes, type Scope } from '../../identity.ts';
import { randomHex, safeEqual, sha256Hex } from '../../lib/crypto.ts';
import { audit } from '../audit/audit.service.ts';
import type { CreateKeyBody, KeyView, UpdateKeyBody } from './keys.schema.ts';
import { DEFAULT_RATE, grantableScopes, KEY_RE } from './keys.policy.ts';
import { KeyRateWindows } from './key-rate.ts';
import { type KeyRow, keysStore } from './keys.store.ts';

const DAY = 86_400_000;
/** Buffered last-use times reach the database this often (not on every request). */
const TOUCH_EVERY_MS = 5_000;

export type { KeyView } from './keys.schema.ts';

const view = (k: KeyRow, lastUse?: number): KeyView => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  // Stored normalized (create/update); the filter only narrows the type.
  scopes: k.scopes.filter(isScope),
  rateLimit: k.rate_limit,
  created: k.created,
  lastUsed: Math.max(k.last_used ?? 0, lastUse ?? 0) || null,
  expires: k.expires,
  revoked: k.revoked,
});

/** API keys: management (cookie only) and resolution of a presented key. */
export class KeysService {
  private readonly uses = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private readonly windows: KeyRateWindows;

  constructor(private readonly ctx: AppContext) {
    this.windows = new KeyRateWindows(ctx.state, ctx.clock);
  }

  start(): void {
    this.timer = setInterval(() => void this.flushUses().catch((err) => this.ctx.log.warn({ err }, 'key touch failed')), TOUCH_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flushUses().catch(() => {});
  }

  async list(who: Identity) {
    await this.flushUses();
    const keys = await keysStore.listForUser(this.ctx.db, who.userId);
    return {
      keys: keys.map((k) => view(k)),
      scopes: grantableScopes(who.role),
      defaultRate: DEFAULT_RATE,
      isAdmin: who.role === 'admin',
    };
  }

  private checkScopes(who: Identity, requested: readonly string[]): Scope[] {
    const scopes = normalizeScopes(requested);
    if (scopes.length === 0) throw badRequest('api.key.invalid');
    if (scopes.includes('admin') && who.role !== 'admin') throw forbidden('api.forbidden');
    return scopes;
  }

  /** An audit entry about one of the caller's keys, in the transaction `q` that changes it. */
  private audit(q: Queryable, who: Identity, ip: string, action: string, key: { id: number; name: string; prefix: string }) {
    const k = action === 'key.create' ? 'api.audit.keyCreate' : action === 'key.update' ? 'api.audit.keyUpdate' : 'api.audit.keyDelete';
    return audit(q, {
      actor: { id: who.userId, name: who.name, ip },
      action,
      target: who.name,
      detail: { k, v: { id: key.id, name: key.name, prefix: key.prefix } },
      ts: this.ctx.clock.now(),
    });
  }

  async create(who: Identity, body: CreateKeyBody, ip = ''): Promise<{ key: KeyView; plaintext: string }> {
    const scopes = this.checkScopes(who, body.scopes);
    const now = this.ctx.clock.now();
    for (let attempt = 0; ; attempt++) {
      const prefix = randomHex(4);
      const plaintext = `key_${prefix}_${randomHex(24)}`;
      try {
        const row = await this.ctx.db.tx(async (q) => {
          const row = await keysStore.insert(q, {
            userId: who.userId,
            name: body.name,
            prefix,
            secretHash: sha256Hex(plaintext),
            scopes,
            rateLimit: body.rateLimit ?? null,
            created: now,
            expires: body.expiresDays ? now + body.expiresDays * DAY : null,
          });
          await this.audit(q, who, ip, 'key.create', row);
          return row;
        });
        return { key: view(row), plaintext };
      } catch (err) {
        // A 32-bit prefix can collide; draw again.
        if (err instanceof UniqueViolation && attempt < 5) continue;
        throw err;
      }
    }
  }

  async update(who: Identity, body: UpdateKeyBody, ip = ''): Promise<void> {
    const key = await keysStore.byIdForUser(this.ctx.db, body.id, who.userId);
    if (!key) throw badRequest('api.key.invalid');
    const scopes = body.scopes === undefined ? undefined : this.checkScopes(who, body.scopes);
    await this.ctx.db.tx(async (q) => {
      await keysStore.update(q, key.id, {
        name: body.name,
        scopes,
        rateLimit: body.rateLimit,
        expires: body.expiresDays === undefined ? undefined : body.expiresDays === null ? null : this.ctx.clock.now() + body.expiresDays * DAY,
        revoked: body.revoked,
      });
      await this.audit(q, who, ip, 'key.update', { ...key, name: body.name ?? key.name });
    });
    await this.ctx.identities.invalidateEntry(`k:${key.prefix}`);
    // Its connections end with it (an expiry moved earlier is met by the gateway's sweep).
    if (body.revoked === true) await this.ctx.notifier.disconnectKey(key.id, 'keyRevoked');
    else if (scopes && !scopes.includes('messages.read')) await this.ctx.notifier.disconnectKey(key.id, 'keyScopes');
  }

  async remove(who: Identity, id: number, ip = ''): Promise<void> {
    const key = await this.ctx.db.tx(async (q) => {
      const key = await keysStore.delete(q, id, who.userId);
      if (!key) throw notFound('api.key.notFound');
      await this.audit(q, who, ip, 'key.delete', key);
      return key;
    });
    this.uses.delete(key.id);
    await this.ctx.identities.invalidateEntry(`k:${key.prefix}`);
    await this.ctx.notifier.disconnectKey(key.id, 'keyDeleted');
  }

  /**
   * The identity behind a presented key. Unknown, revoked or expired keys are
   * 401; the secret is compared in constant time against the stored sha256.
   */
  async resolve(plaintext: string): Promise<Identity> {
    const m = KEY_RE.exec(plaintext);
    if (!m) throw unauthorized('api.key.bad');
    const prefix = m[1]!;
    const entry = await this.ctx.identities.credential(`k:${prefix}`, async () => {
      const row = await keysStore.resolve(this.ctx.db, prefix, this.ctx.clock.now());
      if (!row) throw unauthorized('api.key.bad');
      if (row.revoked) throw unauthorized('api.key.revoked');
      const identity: Identity = {
        userId: row.owner.id,
        name: row.owner.name,
        role: row.owner.role,
        status: row.banned ? 'banned' : row.owner.status,
        mustChange: row.owner.must_change,
        via: 'key',
        key: { id: row.id, scopes: new Set(row.scopes as Scope[]), rateLimit: row.rate_limit ?? DEFAULT_RATE, expires: row.expires },
      };
      return { identity, secretHash: row.secret_hash };
    });
    if (!entry) throw unauthorized('api.key.bad');
    if (!safeEqual(sha256Hex(plaintext), entry.secretHash ?? '')) throw unauthorized('api.key.bad');
    const expires = entry.identity.key?.expires ?? null;
    if (expires !== null && expires <= this.ctx.clock.now()) throw unauthorized('api.key.expired');
    return entry.identity;
  }

  /** Enforces the key's fixed 60-second window, shared by every node (key-rate.ts); rejected calls are not counted. */
  async consumeRate(identity: Identity): Promise<void> {
    const key = identity.key;
    if (!key) return;
    if (!(await this.windows.take(key.id, key.rateLimit))) throw new AppError(429, 'api.rateLimited', { headers: { 'Retry-After': '60' } });
    this.uses.set(key.id, this.ctx.clock.now());
  }

  private async flushUses(): Promise<void> {
    this.windows.sweep();
    if (this.uses.size === 0) return;
    const batch = new Map(this.uses);
    this.uses.clear();
    await keysStore.touch(this.ctx.db, batch);
  }
}
