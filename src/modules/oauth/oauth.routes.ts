import { parseCookie } from 'cookie';
import type { Request, Router } from 'express';
import { clientIp } from '../../lib/client-address.ts';
import type { RouteDeps } from '../../http/deps.ts';
import { who } from '../../http/caller.ts';
import { describeRoute } from '../../http/openapi.ts';
import { parse } from '../../lib/validate.ts';
import { actorOf } from '../../http/caller.ts';
import { sendLoginResult } from '../auth/auth.routes.ts';
import { z } from 'zod';
import { okOnly } from '../../lib/contract.ts';
import { callbackAnswer, callbackQuery, linksAnswer, oauthConfigAnswer, oauthConfigBody, providersAnswer, startQuery } from './oauth.schema.ts';
import { STATE_TTL_MS } from './oauth.service.ts';
import { apiRouter } from '../../http/routes.ts';
import { open } from '../../http/access.ts';

/** Ties a started flow to the browser that started it (login CSRF protection). */
const NONCE_COOKIE = 'chat_oauth';
const NONCE_PATH = '/api/oauth';

const origin = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/**
 * Third-party login. Public: the provider list, starting a login and the
 * callback (the caller has no session yet). Logged in: binding, the caller's
 * links, unbinding (`security` scope). Administrators: the client configuration.
 */
export function oauthRoutes({ ctx, login, admin, services: { oauth } }: RouteDeps): Router {
  const r = apiRouter();

  const bindLogin = login('security');
  const disabled = 'GitHub login is not configured (`api.oauth.disabled`)';

  r.get(
    '/api/admin/oauth',
    describeRoute({
      tag: 'oauth',
      summary: 'The GitHub client configuration (the secret masked) and the callback URL to register',
      response: oauthConfigAnswer,
    }),
    admin,
    async (req, res) => {
      res.json({ ok: true, ...(await oauth.config(origin(req))) });
    },
  );

  r.post(
    '/api/admin/oauth',
    describeRoute({
      tag: 'oauth',
      summary: 'Set the GitHub client id and secret (a blank secret keeps the stored one; a blank id turns GitHub login off)',
      body: oauthConfigBody,
      response: okOnly,
      errors: {
        400: 'A secret given but no key to seal it under: a cluster node without OAUTH_SECRET_KEY (`api.oauth.noSecretKey`)',
        413: 'Client id over 200 or secret over 500 characters (`api.tooLarge`)',
      },
    }),
    admin,
    async (req, res) => {
      await oauth.setConfig(actorOf(req), parse(oauthConfigBody, req.body));
      res.json({ ok: true });
    },
  );

  r.get(
    '/api/oauth/providers',
    describeRoute({ tag: 'oauth', summary: 'Third-party login providers that are configured', response: providersAnswer }),
    open,
    async (_req, res) => {
      res.json({ ok: true, providers: await oauth.providers() });
    },
  );

  r.get(
    '/api/oauth/github/start',
    describeRoute({
      tag: 'oauth',
      summary: 'Start a GitHub login (`mode=login`, public) or bind GitHub to the logged-in account (`mode=bind`, needs a login; a key needs `security`)',
      description:
        'Answers **302** to GitHub\'s authorization page and sets the HttpOnly `chat_oauth` cookie (path `/api/oauth`) that ' +
        'ties the flow to this browser; open it in the browser itself, not with fetch. The flow is valid 10 minutes.',
      query: startQuery,
      status: 302,
      responseDescription: 'Redirect (`Location`: the provider URL) with the `chat_oauth` cookie',
      responseHeaders: z.object({ Location: z.string().describe("GitHub's authorization URL") }),
      errors: {
        400: 'Unknown mode (`api.oauth.badMode`)',
        401: '`mode=bind` without a login (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key',
        403:
          '`mode=bind` for an account that is not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or with an API key without `security` (`api.forbidden`)',
        404: disabled,
        429: '`mode=bind` with an API key whose rate window is exhausted (`api.rateLimited`, `Retry-After`)',
      },
    }),
    open,
    // Binding needs the account to bind to (a security change, like unbinding); logging in needs nobody.
    (req, res, next) => (req.query.mode === 'bind' ? bindLogin(req, res, next) : next()),
    async (req, res) => {
      const { mode } = parse(startQuery, req.query);
      const { url, nonce } = await oauth.start(mode, req.identity?.userId, origin(req));
      res.cookie(NONCE_COOKIE, nonce, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: NONCE_PATH, maxAge: STATE_TTL_MS });
      res.redirect(302, url);
    },
  );

  r.get(
    '/api/oauth/github/callback',
    describeRoute({
      tag: 'oauth',
      summary: 'Where GitHub sends the browser back: finishes the login (like /api/login) or the binding',
      query: callbackQuery,
      response: callbackAnswer,
      responseDescription:
        'Login: `{ok, username, mustChange}` and the `chat_token` cookie, or `{ok, need2fa: true, challenge}`. Bind: `{ok, bound: \'github\', login}`',
      errors: {
        400:
          'Unknown, expired, reused or foreign state (`api.oauth.badState`), declined at GitHub (`api.oauth.denied`), ' +
          'code refused (`api.oauth.badCode`)',
        403: 'The linked account may not log in (`api.login.banned`, `api.login.pending`, `api.login.rejected`)',
        404: `${disabled}, or no account is linked to this GitHub account (\`api.oauth.notLinked\`)`,
        409: 'The GitHub account is linked to another user (`api.oauth.linkedElsewhere`) or the caller has another (`api.oauth.alreadyBound`)',
        502: 'GitHub did not answer properly (`api.oauth.providerFailed`)',
      },
    }),
    open,
    async (req, res) => {
      const nonce = req.headers.cookie ? parseCookie(req.headers.cookie)[NONCE_COOKIE] : undefined;
      res.clearCookie(NONCE_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: NONCE_PATH });
      const result = await oauth.callback(parse(callbackQuery, req.query), nonce, {
        ip: clientIp(req),
        userAgent: req.get('user-agent') ?? '',
      });
      if (result.kind === 'bound') res.json({ ok: true, bound: result.provider, login: result.login });
      else sendLoginResult(req, res, result.result, ctx.config.sessionDays);
    },
  );

  r.get(
    '/api/oauth/me',
    describeRoute({ tag: 'oauth', summary: "The caller's linked third-party accounts", response: linksAnswer }),
    login('profile.read'),
    async (req, res) => {
      res.json({ ok: true, links: await oauth.links(who(req).userId) });
    },
  );

  r.post(
    '/api/oauth/github/unbind',
    describeRoute({
      tag: 'oauth',
      summary: "Unlink the caller's GitHub account",
      response: okOnly,
      errors: { 404: 'Nothing linked (`api.oauth.notBound`)' },
    }),
    login('security'),
    async (req, res) => {
      await oauth.unbind(actorOf(req));
      res.json({ ok: true });
    },
  );

  return r;
}
