import type { AppContext } from '../../context.ts';
import { AppError, badRequest, conflict, notFound, UniqueViolation } from '../../errors.ts';
import { randomToken, safeEqual, sha256Hex } from '../../lib/crypto.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import { type Actor, audit } from '../audit/audit.service.ts';
import type { AuthService, ClientInfo, LoginResult } from '../auth/auth.service.ts';
import { usersStore } from '../users/users.store.ts';
import { GitHubClient } from './github.client.ts';
import type { CallbackQuery, OAuthConfigBody } from './oauth.schema.ts';
import { oauthSecretKey } from './oauth-secret-key.ts';
import { oauthStore } from './oauth.store.ts';

const PROVIDER = 'github';
/** A started flow must come back within this time (and only once). */
export const STATE_TTL_MS = 10 * 60_000;
/** What GET /api/admin/oauth shows instead of a stored secret. */
export const SECRET_MASK = '********';

interface PendingFlow {
  mode: 'login' | 'bind';
  /** The account to bind to (bind mode). */
  userId: number | null;
  /** sha256 of the browser-binding nonce kept in the starting browser's cookie. */
  nonceHash: string;
  redirectUri: string;
}

export type CallbackResult = { kind: 'login'; result: LoginResult } | { kind: 'bound'; provider: string; login: string };

/**
 * Third-party login (GitHub): the administrator's client configuration (the
 * secret sealed, never returned), the authorization-code flow with a one-time
 * state kept in shared state (any node can finish what another started), and
 * the user's links.
 */
export class OAuthService {
  private readonly box: SecretBox | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { auth: AuthService },
  ) {
    const key = oauthSecretKey(ctx.config, ctx.log);
    this.box = key === undefined ? undefined : new SecretBox(key, 'oauth-client-secret');
  }

  /** The callback URL to register at the provider: PUBLIC_URL when set, else the caller's origin. */
  callbackUrl(origin: string): string {
    return `${this.ctx.config.publicUrl?.replace(/\/+$/, '') ?? origin}/api/oauth/${PROVIDER}/callback`;
  }

  // ---- administration ----

  /** GET /api/admin/oauth: the secret is never shown, only whether one is stored. */
  async config(origin: string) {
    const row = await oauthStore.provider(this.ctx.db, PROVIDER);
    const hasSecret = Boolean(row?.client_secret);
    return {
      provider: PROVIDER,
      clientId: row?.client_id ?? '',
      clientSecret: hasSecret ? SECRET_MASK : '',
      hasSecret,
      enabled: Boolean(row?.client_id) && hasSecret,
      callbackUrl: this.callbackUrl(origin),
      canStoreSecret: this.box !== undefined,
    };
  }

  /**
   * POST /api/admin/oauth: a blank secret keeps the stored one; a blank client
   * id turns the provider off. Storing a secret needs OAUTH_SECRET_KEY (400 otherwise).
   */
  async setConfig(actor: Actor, body: OAuthConfigBody): Promise<void> {
    if (body.clientSecret !== '' && !this.box) throw badRequest('api.oauth.noSecretKey');
    const sealed = body.clientSecret === '' ? null : this.box!.seal(body.clientSecret);
    const now = this.ctx.clock.now();
    await this.ctx.db.tx(async (q) => {
      if (body.clientId === '') await oauthStore.deleteProvider(q, PROVIDER);
      else await oauthStore.saveProvider(q, { provider: PROVIDER, clientId: body.clientId, sealedSecret: sealed, now });
      await audit(q, {
        actor,
        action: 'oauth.config',
        target: PROVIDER,
        detail: { k: 'api.audit.oauthConfig', v: { provider: PROVIDER, clientId: body.clientId, secretChanged: sealed !== null } },
        ts: now,
      });
    });
  }

  /** The configured client, or undefined while the provider is off (or its secret cannot be opened). */
  private async client(redirectUri: string): Promise<GitHubClient | undefined> {
    const row = await oauthStore.provider(this.ctx.db, PROVIDER);
    if (!row?.client_id || !row.client_secret || !this.box) return undefined;
    let secret: string;
    try {
      secret = this.box.open(row.client_secret);
    } catch (err) {
      this.ctx.log.warn({ err }, 'stored OAuth client secret cannot be opened (OAUTH_SECRET_KEY changed?)');
      return undefined;
    }
    return new GitHubClient(this.ctx.config.oauth.github, row.client_id, secret, redirectUri);
  }

  // ---- the user's side ----

  /** GET /api/oauth/providers: the providers one can log in with now. */
  async providers(): Promise<Array<{ id: string; name: string }>> {
    const row = await oauthStore.provider(this.ctx.db, PROVIDER);
    return row?.client_id && row.client_secret && this.box ? [{ id: PROVIDER, name: 'GitHub' }] : [];
  }

  /**
   * GET /api/oauth/github/start: a one-time state (10 minutes, shared state so
   * any node can finish the flow), tied to the starting browser by a nonce the
   * route puts in a cookie. Returns the provider URL to redirect to.
   */
  async start(mode: 'login' | 'bind', userId: number | undefined, origin: string): Promise<{ url: string; nonce: string }> {
    const redirectUri = this.callbackUrl(origin);
    const client = await this.client(redirectUri);
    if (!client) throw notFound('api.oauth.disabled');
    const state = randomToken(32);
    const nonce = randomToken(32);
    const flow: PendingFlow = { mode, userId: mode === 'bind' ? (userId ?? null) : null, nonceHash: sha256Hex(nonce), redirectUri };
    await this.ctx.state.set(`oauth:state:${state}`, JSON.stringify(flow), STATE_TTL_MS);
    return { url: client.authorizationUrl(state), nonce };
  }

  /**
   * GET /api/oauth/github/callback. The state is taken (single use) and must
   * come back to the browser that started the flow. Bind links the provider
   * account to the starting user; login finds the linked account and logs in
   * like a password would (refusals, 2FA challenge, session).
   */
  async callback(query: CallbackQuery, nonce: string | undefined, client: ClientInfo): Promise<CallbackResult> {
    if (!query.state) throw badRequest('api.oauth.badState');
    const raw = await this.ctx.state.take(`oauth:state:${query.state}`);
    if (raw === null) throw badRequest('api.oauth.badState');
    const flow = JSON.parse(raw) as PendingFlow;
    if (nonce === undefined || !safeEqual(sha256Hex(nonce), flow.nonceHash)) throw badRequest('api.oauth.badState');
    if (query.error !== undefined) throw badRequest('api.oauth.denied');
    if (!query.code) throw badRequest('api.oauth.badCode');
    const github = await this.client(flow.redirectUri);
    if (!github) throw notFound('api.oauth.disabled');
    const account = await github.account(query.code);
    if (flow.mode === 'bind') {
      if (flow.userId === null) throw badRequest('api.oauth.badState');
      await this.bind(flow.userId, account.subject, account.login, client.ip);
      return { kind: 'bound', provider: PROVIDER, login: account.login };
    }
    const link = await oauthStore.linkBySubject(this.ctx.db, PROVIDER, account.subject);
    const user = link && (await usersStore.byId(this.ctx.db, link.user_id));
    if (!user) throw notFound('api.oauth.notLinked');
    return { kind: 'login', result: await this.deps.auth.completeLogin(user, client, PROVIDER) };
  }

  private async bind(userId: number, subject: string, login: string, ip: string): Promise<void> {
    const user = await usersStore.byId(this.ctx.db, userId);
    if (!user) throw badRequest('api.oauth.badState');
    const existing = await oauthStore.linkBySubject(this.ctx.db, PROVIDER, subject);
    if (existing?.user_id === userId) return;
    if (existing) throw conflict('api.oauth.linkedElsewhere');
    const now = this.ctx.clock.now();
    try {
      await this.ctx.db.tx(async (q) => {
        await oauthStore.insertLink(q, { provider: PROVIDER, subject, login, userId, now });
        await audit(q, {
          actor: { id: userId, name: user.name, ip },
          action: 'oauth.bind',
          target: user.name,
          detail: { k: 'api.audit.oauthBind', v: { provider: PROVIDER, login } },
          ts: now,
        });
      });
    } catch (err) {
      if (!(err instanceof UniqueViolation)) throw err;
      // Either the provider account was linked meanwhile, or this user already has another one.
      const again = await oauthStore.linkBySubject(this.ctx.db, PROVIDER, subject);
      throw conflict(again && again.user_id !== userId ? 'api.oauth.linkedElsewhere' : 'api.oauth.alreadyBound');
    }
  }

  /** GET /api/oauth/me: the caller's linked provider accounts. */
  async links(userId: number): Promise<Array<{ provider: string; login: string; created: number }>> {
    const rows = await oauthStore.linksOf(this.ctx.db, userId);
    return rows.map((l) => ({ provider: l.provider, login: l.login, created: l.created }));
  }

  /** POST /api/oauth/github/unbind: 404 when nothing is linked. */
  async unbind(actor: Actor): Promise<void> {
    if (actor.id === null) throw new AppError(401, 'api.unauthorized');
    const userId = actor.id;
    await this.ctx.db.tx(async (q) => {
      const gone = await oauthStore.deleteLink(q, userId, PROVIDER);
      if (!gone) throw notFound('api.oauth.notBound');
      await audit(q, {
        actor,
        action: 'oauth.unbind',
        target: actor.name,
        detail: { k: 'api.audit.oauthUnbind', v: { provider: PROVIDER, login: gone.login } },
        ts: this.ctx.clock.now(),
      });
    });
  }
}
