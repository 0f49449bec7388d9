import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { AppError, badRequest, conflict, forbidden, tooManyRequests, unauthorized, UniqueViolation } from '../../errors.ts';
import type { Identity, Role, AccountStatus } from '../../identity.ts';
import type { MessageKey } from '../../i18n/keys.ts';
import { randomHex, randomToken, safeEqual, sha256Hex } from '../../lib/crypto.ts';
import { type Actor, audit } from '../audit/audit.service.ts';
import type { AlongsideWrites } from '../audit/audit.store.ts';
import { lookupForm, parseUserName } from '../users/user-names.ts';
import { isStrongPassword, isValidEmail } from '../users/users.policy.ts';
import { type UserRow, usersStore } from '../users/users.store.ts';
import { CHALLENGE, LOCKOUT, loginRefusal } from './auth.policy.ts';
import type { LoginBody, RegisterBody } from './auth.schema.ts';
import { loginStore, sessionsStore } from './auth.store.ts';
import { burnVerify, hashPassword, needsRehash, verifyPassword } from './passwords.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export type LoginResult =
  | { kind: 'session'; token: string; username: string; mustChange: boolean }
  | { kind: 'challenge'; challenge: string };

const TOTP_ISSUER = 'Chat';

/** The shared-state key of an address's login failures. */
const lockKey = (ip: string): string => `login:fails:${ip}`;

/** The part of an address's failures that belongs to password guesses at one account name. */
const passwordPart = (typed: string): string => `p:${sha256Hex(typed.toLowerCase()).slice(0, 24)}`;

/** Accounts, sessions, login lockout and TOTP two-step verification. */
export class AuthService {
  constructor(private readonly ctx: AppContext) {}

  // ---- accounts ----

  /** Validates and creates an account; 400 for a bad name/email/password, 409 for a taken name. */
  async createAccount(input: { name: string; password: string; email?: string; role: Role; status: AccountStatus }): Promise<UserRow> {
    const parsed = parseUserName(input.name);
    if (!parsed) throw badRequest('api.register.badName');
    const { name, skeleton } = parsed;
    const email = (input.email ?? '').trim();
    if (email !== '' && !isValidEmail(email)) throw badRequest('api.register.badEmail');
    if (!isStrongPassword(input.password)) throw badRequest('api.register.weakPassword');
    if ((await usersStore.byName(this.ctx.db, name)) || (await usersStore.skeletonTaken(this.ctx.db, skeleton))) {
      throw conflict('api.user.nameTaken');
    }
    const passwordHash = await hashPassword(input.password);
    try {
      return await usersStore.insert(this.ctx.db, {
        name,
        skeleton,
        email,
        passwordHash,
        role: input.role,
        status: input.status,
        created: this.ctx.clock.now(),
      });
    } catch (err) {
      // Two registrations of one name (or of two look-alikes) racing: the unique indexes decide.
      if (err instanceof UniqueViolation) throw conflict('api.user.nameTaken');
      throw err;
    }
  }

  /** POST /api/register: pending under REGISTRATION=approval, active under open, refused under closed. */
  async register(body: RegisterBody): Promise<void> {
    const mode = this.ctx.config.registration;
    if (mode === 'closed') throw forbidden('api.register.closed');
    if (!isValidEmail(body.email.trim())) throw badRequest('api.register.badEmail');
    await this.createAccount({ ...body, role: 'user', status: mode === 'open' ? 'active' : 'pending' });
  }

  // ---- first administrator ----

  async setupNeeded(): Promise<boolean> {
    return !(await usersStore.adminExists(this.ctx.db));
  }

  /** POST /api/setup: creates the first administrator while none exists. */
  async setup(
    input: { name: string; password: string; email?: string | undefined; token?: string | undefined },
    ip = '',
  ): Promise<UserRow> {
    const expected = this.ctx.config.setupToken;
    if (expected !== undefined && !safeEqual(input.token ?? '', expected)) throw forbidden('api.setup.badToken');
    // Serialised by a transaction-scoped advisory lock so two nodes cannot both create "the first" admin.
    return this.ctx.db.tx(async (q) => {
      await q.query('select pg_advisory_xact_lock(72410002)');
      if (await usersStore.adminExists(q)) throw conflict('api.setup.done');
      const user = await this.createAccount({ ...input, role: 'admin', status: 'active' });
      await audit(q, {
        actor: { id: user.id, name: user.name, ip },
        action: 'setup',
        target: user.name,
        detail: { k: 'api.audit.setup', v: { user: user.name } },
        ts: this.ctx.clock.now(),
      });
      return user;
    });
  }

  /** At boot: ADMIN_USER/ADMIN_PASSWORD create an administrator when none exists. */
  async seedAdmin(): Promise<boolean> {
    const admin = this.ctx.config.admin;
    if (!admin || !(await this.setupNeeded())) return false;
    try {
      await this.setup({ name: admin.name, password: admin.password, token: this.ctx.config.setupToken });
      return true;
    } catch (err) {
      if (err instanceof AppError && err.key === 'api.setup.done') return false;
      throw err;
    }
  }

  // ---- login ----

  async login(body: LoginBody, client: ClientInfo): Promise<LoginResult> {
    const typed = lookupForm(body.username);
    const part = passwordPart(typed);
    // The account is read while the attempt is reserved: no password is checked before both are done.
    const lookup = this.findForLogin(typed, body.username);
    lookup.catch(() => {});
    // Reserved before the password is checked: of 20 parallel guesses, at most 5 are checked.
    const attempt = await this.reserveAttempt(client, part);
    const user = await this.settleOnThrow(client.ip, part, async () => {
      const found = await lookup;
      if (!found) {
        await burnVerify(body.password);
        await this.recordFailure(client, { id: null, name: typed }, 'password', attempt);
        throw unauthorized('api.login.badCredentials');
      }
      if (!(await verifyPassword(found.password_hash, body.password))) {
        await this.recordFailure(client, found, 'password', attempt);
        throw unauthorized('api.login.badCredentials');
      }
      return found;
    });
    // Proven: this account's password failures from this address are forgiven, nobody else's,
    // while the session is opened; the answer waits for both.
    const [forgiven, outcome] = await Promise.allSettled([
      this.ctx.state.forgive(lockKey(client.ip), [part]),
      (async () => {
        if (needsRehash(user.password_hash)) {
          await usersStore.setPassword(this.ctx.db, user.id, await hashPassword(body.password), user.must_change);
        }
        // The ban was read with the account, and is used only once the password is proven.
        return this.completeLogin(user, client, 'password', user.banned);
      })(),
    ]);
    if (forgiven.status === 'rejected') throw forgiven.reason;
    if (outcome.status === 'rejected') throw outcome.reason;
    return outcome.value;
  }

  /** The account a login names (its lookup form first, then the name as typed) and whether it is banned. */
  private async findForLogin(typed: string, asTyped: string): Promise<(UserRow & { banned: boolean }) | undefined> {
    const now = this.ctx.clock.now();
    return (
      (await loginStore.account(this.ctx.db, typed, now)) ??
      (typed !== asTyped.trim() ? await loginStore.account(this.ctx.db, asTyped.trim(), now) : undefined)
    );
  }

  /**
   * The end of every login once the credential is proven (password, or a
   * third-party account): refuses pending, rejected and banned accounts,
   * issues the 2FA challenge for a 2FA account, else opens a session.
   */
  async completeLogin(user: UserRow, client: ClientInfo, via: string, banned?: boolean): Promise<LoginResult> {
    const refusal = loginRefusal(user.status, banned ?? (await this.hasActiveBan(user.id)));
    if (refusal) {
      await this.auditLogin(user, client, 'login.refused', 'api.audit.loginRefused', { via, reason: refusal });
      throw forbidden(refusal);
    }
    if (user.totp_secret) {
      const challenge = randomHex(32);
      await this.ctx.state.set(`2fa:ch:${challenge}`, String(user.id), CHALLENGE.ttlMs);
      return { kind: 'challenge', challenge };
    }
    return this.openSession(user, client, via);
  }

  /** POST /api/twofa/verify: a correct code turns a live challenge into a session, once. */
  async verifyChallenge(input: { code: string; challenge: string }, client: ClientInfo): Promise<LoginResult> {
    await this.assertNotLocked(client.ip);
    const key = `2fa:ch:${input.challenge}`;
    const userId = Number(await this.ctx.state.get(key));
    if (!userId) throw badRequest('api.twofa.badChallenge');
    const user = await usersStore.byId(this.ctx.db, userId);
    if (!user?.totp_secret) throw badRequest('api.twofa.badChallenge');
    const secret = user.totp_secret;
    const part = `t:${user.id}`;
    const attempt = await this.reserveAttempt(client, part);
    await this.settleOnThrow(client.ip, part, async () => {
      if (!(await this.checkTotp(user.id, secret, input.code))) {
        await this.recordFailure(client, user, 'twofa', attempt);
        // A challenge tolerates a few wrong codes, then must be earned again with the password.
        const wrong = await this.ctx.state.incr(`2fa:wrong:${input.challenge}`, CHALLENGE.ttlMs);
        if (wrong >= CHALLENGE.maxWrongCodes) await this.ctx.state.del(key);
        throw unauthorized('api.twofa.badCode');
      }
    });
    // Single use: of two verifications racing with the right code, one takes the challenge.
    if ((await this.ctx.state.take(key)) === null) throw badRequest('api.twofa.badChallenge');
    await this.ctx.state.forgive(lockKey(client.ip), [part]);
    const refusal = loginRefusal(user.status, await this.hasActiveBan(user.id));
    if (refusal) {
      await this.auditLogin(user, client, 'login.refused', 'api.audit.loginRefused', { via: 'twofa', reason: refusal });
      throw forbidden(refusal);
    }
    return this.openSession(user, client, 'twofa');
  }

  private async openSession(user: UserRow, client: ClientInfo, via: string): Promise<LoginResult> {
    const token = randomToken(32);
    const now = this.ctx.clock.now();
    const session = sessionsStore.opening({
      hash: sha256Hex(token),
      userId: user.id,
      created: now,
      expires: now + this.ctx.config.sessionDays * 86_400_000,
      ip: client.ip,
      ua: client.userAgent,
    });
    await this.auditLogin(user, client, 'login', 'api.audit.login', { via }, user.name, session);
    return { kind: 'session', token, username: user.name, mustChange: user.must_change };
  }

  /** One audit entry about a login attempt, with the writes it records (`alongside`), if any, in its statement. */
  private auditLogin(
    user: { id: number | null; name: string },
    client: ClientInfo,
    action: string,
    k: MessageKey,
    v: Record<string, string>,
    target = user.name,
    alongside?: AlongsideWrites,
  ): Promise<void> {
    return audit(
      this.ctx.db,
      {
        actor: { id: user.id, name: user.name, ip: client.ip },
        action,
        target,
        detail: { k, v },
        ts: this.ctx.clock.now(),
      },
      alongside,
    );
  }

  /** Ends one session: its row, its cached identity on every node, and the connections opened with it. */
  async logout(sessionHash: string): Promise<void> {
    await sessionsStore.delete(this.ctx.db, sessionHash);
    await this.ctx.identities.invalidateEntry(`c:${sessionHash}`);
    await this.ctx.notifier.disconnectSession([sessionHash], 'logout');
  }

  /**
   * Ends every session of a user (except `keep`) on every node; with a `reason`, their
   * connections too (`logged.out {reason}`), and only theirs (API keys stay). `ban`: the sessions
   * are remembered as ended by a ban, so a client coming back with one is told so.
   */
  async revokeSessions(userId: number, opts: { keep?: string; reason?: string; ban?: boolean } = {}): Promise<void> {
    const { keep, reason, ban = false } = opts;
    const ended = await sessionsStore.deleteForUser(this.ctx.db, userId, keep, ban);
    await this.ctx.identities.invalidateUser(userId);
    if (reason) await this.ctx.notifier.disconnectSession(ended, reason);
  }

  /** The identity behind a session cookie, or undefined when it is unknown or expired. */
  async resolveSession(token: string): Promise<Identity | undefined> {
    if (!plausibleSessionToken(token)) return undefined;
    return this.resolveSessionHash(sha256Hex(token));
  }

  /** Whether a session token no longer resolving was ended by a ban still in force (a refusal's reason). */
  async endedByBan(token: string): Promise<boolean> {
    if (!plausibleSessionToken(token)) return false;
    return sessionsStore.endedByBan(this.ctx.db, sha256Hex(token), this.ctx.clock.now());
  }

  /** The same by the token's sha256 (what a connection keeps of the session it was opened with). */
  async resolveSessionHash(hash: string): Promise<Identity | undefined> {
    const cached = await this.ctx.identities.credential(`c:${hash}`, async () => {
      const row = await sessionsStore.resolve(this.ctx.db, hash, this.ctx.clock.now());
      if (!row) return undefined;
      const identity: Identity = {
        userId: row.id,
        name: row.name,
        role: row.role,
        status: row.banned ? 'banned' : row.status,
        mustChange: row.must_change,
        via: 'cookie',
        sessionHash: hash,
        sessionExpires: Number(row.session_expires),
      };
      return { identity };
    });
    return cached?.identity;
  }

  private async hasActiveBan(userId: number): Promise<boolean> {
    const rows = await this.ctx.db.query(
      `select 1 from penalties where user_id = $1 and action = 'ban' and not revoked
          and (expires is null or expires > $2) limit 1`,
      [userId, this.ctx.clock.now()],
    );
    return rows.length > 0;
  }

  // ---- lockout ----
  //
  // Spec section 8: 5 consecutive failures from one address lock it for 10 minutes. The
  // failures of an address are counted per account inside it (its password, its 2FA codes), and
  // a success forgives only that account's failures from that address: another account's login
  // from the same address (the attacker's own) resets nothing. Each attempt is reserved before
  // the secret is checked, atomically in the shared state, so parallel guesses cannot overtake
  // the count.

  private async assertNotLocked(ip: string): Promise<void> {
    const ms = await this.ctx.state.attemptsBlocked(lockKey(ip), LOCKOUT.failures);
    if (ms > 0) throw tooManyRequests('api.login.rateLimited', Math.ceil(ms / 1000));
  }

  /** Counts one attempt against the address before its secret is checked; 429 when it is locked. */
  private async reserveAttempt(client: ClientInfo, part: string): Promise<number> {
    const r = await this.ctx.state.attempt(lockKey(client.ip), part, LOCKOUT.failures, LOCKOUT.lockMs);
    if (!r.allowed) throw tooManyRequests('api.login.rateLimited', Math.max(1, Math.ceil(r.retryMs / 1000)));
    return r.count;
  }

  /**
   * Runs the check of a reserved attempt. A verdict (401) keeps the attempt counted; anything
   * else that fails before one (the database is down) gives the reservation back.
   */
  private async settleOnThrow<T>(ip: string, part: string, check: () => Promise<T>): Promise<T> {
    try {
      return await check();
    } catch (err) {
      if (!(err instanceof AppError && err.status === 401)) await this.ctx.state.forgive(lockKey(ip), [part], true);
      throw err;
    }
  }

  /** Audits a failure whose attempt is already counted; the one that reached the limit also audits the lock. */
  private async recordFailure(
    client: ClientInfo,
    tried: { id: number | null; name: string },
    step: 'password' | 'twofa',
    count: number,
  ): Promise<void> {
    await this.auditLogin(tried, client, 'login.fail', 'api.audit.loginFail', { step });
    if (count >= LOCKOUT.failures) {
      const ip = client.ip;
      await this.auditLogin({ id: null, name: '' }, client, 'login.lock', 'api.audit.loginLock', { ip }, ip);
    }
  }

  // ---- password ----

  /** POST /api/pass: checks the old password, stores the new one, ends the account's other sessions. */
  async changePassword(who: Identity, oldPassword: string, newPassword: string, ip = ''): Promise<void> {
    const user = await usersStore.byId(this.ctx.db, who.userId);
    if (!user) throw unauthorized();
    if (!(await verifyPassword(user.password_hash, oldPassword))) throw unauthorized('api.pass.wrongOld');
    if (!isStrongPassword(newPassword)) throw badRequest('api.register.weakPassword');
    const hash = await hashPassword(newPassword);
    await this.ctx.db.tx(async (q) => {
      await usersStore.setPassword(q, user.id, hash, false);
      await this.auditSelf(q, who, ip, 'password.change', 'api.audit.passwordChange');
    });
    await this.revokeSessions(user.id, { keep: who.sessionHash, reason: 'passwordChanged' });
  }

  /** An audit entry about the caller's own account (password, 2FA). */
  private auditSelf(q: Queryable, who: Identity, ip: string, action: string, k: MessageKey): Promise<void> {
    const actor: Actor = { id: who.userId, name: who.name, ip };
    return audit(q, { actor, action, target: who.name, detail: { k, v: { user: who.name } }, ts: this.ctx.clock.now() });
  }

  // ---- TOTP ----

  /** POST /api/twofa/setup: a fresh secret, kept server-side for 15 minutes until `enable` confirms it. */
  async twofaSetup(who: Identity): Promise<{ secret: string; otpauth: string }> {
    const user = await usersStore.byId(this.ctx.db, who.userId);
    if (!user) throw unauthorized();
    if (user.totp_secret) throw conflict('api.twofa.alreadyOn');
    const secret = generateSecret();
    await this.ctx.state.set(`2fa:setup:${user.id}`, secret, 15 * 60_000);
    return { secret, otpauth: generateURI({ issuer: TOTP_ISSUER, label: user.name, secret }) };
  }

  async twofaEnable(who: Identity, code: string, secret: string | undefined, ip = ''): Promise<void> {
    const pending = await this.ctx.state.get(`2fa:setup:${who.userId}`);
    if (!pending || (secret !== undefined && !safeEqual(secret, pending))) throw badRequest('api.twofa.noSetup');
    if (!(await this.checkTotp(who.userId, pending, code))) throw unauthorized('api.twofa.badCode');
    await this.ctx.db.tx(async (q) => {
      await usersStore.setTotp(q, who.userId, pending);
      await this.auditSelf(q, who, ip, 'twofa.enable', 'api.audit.twofaEnable');
    });
    await this.ctx.state.del(`2fa:setup:${who.userId}`);
    await this.ctx.identities.invalidateUser(who.userId);
  }

  async twofaDisable(who: Identity, code: string, ip = ''): Promise<void> {
    const user = await usersStore.byId(this.ctx.db, who.userId);
    if (!user?.totp_secret) throw badRequest('api.twofa.notOn');
    if (!(await this.checkTotp(user.id, user.totp_secret, code))) throw unauthorized('api.twofa.badCode');
    await this.ctx.db.tx(async (q) => {
      await usersStore.setTotp(q, user.id, null);
      await this.auditSelf(q, who, ip, 'twofa.disable', 'api.audit.twofaDisable');
    });
    await this.ctx.identities.invalidateUser(user.id);
  }

  /**
   * One 30-second step of tolerance either side. A code's time step is
   * remembered per user so the same code cannot be replayed.
   */
  private async checkTotp(userId: number, secret: string, code: string): Promise<boolean> {
    const lastKey = `2fa:last:${userId}`;
    const last = Number((await this.ctx.state.get(lastKey)) ?? -1);
    const res = await verifyTotp({
      secret,
      token: code,
      epoch: Math.floor(this.ctx.clock.now() / 1000),
      epochTolerance: 30,
      afterTimeStep: last >= 0 ? last : undefined,
    });
    if (!res.valid) return false;
    const step = 'timeStep' in res && typeof res.timeStep === 'number' ? res.timeStep : undefined;
    if (step !== undefined) await this.ctx.state.set(lastKey, String(step), 3 * 60_000);
    return true;
  }
}

/** A length a session token can have: anything else is refused without a lookup. */
const plausibleSessionToken = (token: string): boolean => token.length >= 20 && token.length <= 100;
