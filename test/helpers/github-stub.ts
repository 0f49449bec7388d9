import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubAccount {
  id: number;
  login: string;
}

/**
 * A small stand-in for GitHub's OAuth endpoints on loopback: authorize
 * (redirects back with a code for the account the test picks), the token
 * exchange (checks the client credentials, the code and the redirect URI, and
 * answers a refused code the way GitHub does: 200 with an `error` field) and
 * `GET /user`.
 */
export class GitHubStub {
  readonly clientId = 'stub-client-id';
  readonly clientSecret = 'stub-client-secret-0123456789';
  /** `/user` answers 500 for these account ids. */
  readonly brokenAccounts = new Set<number>();
  private readonly codes = new Map<string, { account: StubAccount; redirectUri: string }>();
  private readonly tokens = new Map<string, StubAccount>();
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', this.url);
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        // The test says whom the user "logs in as" at the provider.
        const account = { id: Number(url.searchParams.get('as_id')), login: url.searchParams.get('as_login') ?? 'someone' };
        const redirectUri = url.searchParams.get('redirect_uri') ?? '';
        const back = new URL(redirectUri);
        if (url.searchParams.get('deny')) back.searchParams.set('error', 'access_denied');
        else {
          const code = randomBytes(10).toString('hex');
          this.codes.set(code, { account, redirectUri });
          back.searchParams.set('code', code);
        }
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.toString() });
        res.end();
        return;
      }
      if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        let raw = '';
        req.on('data', (d) => {
          raw += d;
        });
        req.on('end', () => {
          const form = new URLSearchParams(raw);
          const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
          if (req.headers.authorization !== expected) return json(401, { error: 'invalid_client' });
          const code = form.get('code') ?? '';
          const issued = this.codes.get(code);
          this.codes.delete(code);
          if (!issued || issued.redirectUri !== form.get('redirect_uri')) return json(200, { error: 'bad_verification_code' });
          const token = randomBytes(16).toString('hex');
          this.tokens.set(token, issued.account);
          json(200, { access_token: token, token_type: 'bearer', scope: '' });
        });
        return;
      }
      if (req.method === 'GET' && url.pathname === '/api/user') {
        const account = this.tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!account) return json(401, { message: 'Bad credentials' });
        if (this.brokenAccounts.has(account.id)) return json(500, { message: 'oops' });
        return json(200, { id: account.id, login: account.login, type: 'User' });
      }
      json(404, { message: 'Not Found' });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The configuration that points the server at this stub. */
  env(): Record<string, string> {
    return {
      OAUTH_GITHUB_AUTHORIZE_URL: `${this.url}/login/oauth/authorize`,
      OAUTH_GITHUB_TOKEN_URL: `${this.url}/login/oauth/access_token`,
      OAUTH_GITHUB_API_URL: `${this.url}/api`,
    };
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
