import { ArcticFetchError, OAuth2Client, OAuth2RequestError } from 'arctic';
import { AppError } from '../../errors.ts';

/** GitHub's endpoints (configurable: tests run a stub provider, GitHub Enterprise has its own). */
export interface GitHubEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  /** REST API base, without a trailing slash. */
  apiUrl: string;
}

/** The provider account behind an authorization code. */
export interface ProviderAccount {
  /** GitHub's numeric user id, as a string: stable across renames. */
  subject: string;
  login: string;
}

const API_TIMEOUT_MS = 10_000;

/**
 * The authorization-code flow against GitHub, through arctic's generic
 * OAuth 2.0 client (its GitHub class has the endpoints built in). No scope is
 * asked: the public profile (id, login) is all we need.
 */
export class GitHubClient {
  private readonly client: OAuth2Client;

  constructor(
    private readonly endpoints: GitHubEndpoints,
    clientId: string,
    clientSecret: string,
    redirectUri: string,
  ) {
    this.client = new OAuth2Client(clientId, clientSecret, redirectUri);
  }

  authorizationUrl(state: string): string {
    return this.client.createAuthorizationURL(this.endpoints.authorizeUrl, state, []).toString();
  }

  /** Exchanges the code and reads the account. 400 `api.oauth.badCode` for a refused code, 502 when GitHub fails. */
  async account(code: string): Promise<ProviderAccount> {
    let accessToken: string;
    try {
      const tokens = await this.client.validateAuthorizationCode(this.endpoints.tokenUrl, code, null);
      // GitHub answers a refused code with 200 and an `error` field.
      if ('error' in tokens.data) throw new AppError(400, 'api.oauth.badCode');
      accessToken = tokens.accessToken();
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof OAuth2RequestError) throw new AppError(400, 'api.oauth.badCode', { cause: err });
      throw new AppError(502, 'api.oauth.providerFailed', { cause: err instanceof ArcticFetchError ? err.cause : err });
    }
    let body: unknown;
    try {
      const res = await fetch(`${this.endpoints.apiUrl}/user`, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/vnd.github+json', 'user-agent': 'chat-server' },
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`GitHub /user answered ${res.status}`);
      body = await res.json();
    } catch (err) {
      throw new AppError(502, 'api.oauth.providerFailed', { cause: err });
    }
    const user = body as { id?: unknown; login?: unknown };
    if ((typeof user.id !== 'number' && typeof user.id !== 'string') || typeof user.login !== 'string') {
      throw new AppError(502, 'api.oauth.providerFailed');
    }
    return { subject: String(user.id), login: user.login.slice(0, 100) };
  }
}
