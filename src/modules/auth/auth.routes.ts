import type { Request, Response, Router } from 'express';
import { SESSION_COOKIE } from './credentials.ts';
import { clientIp } from '../../lib/client-address.ts';
import type { RouteDeps } from '../../http/deps.ts';
import { who } from '../../http/caller.ts';
import { describeRoute } from '../../http/openapi.ts';
import { parse } from '../../lib/validate.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { bearerSessionToken, sessionToken } from './credentials.ts';
import type { LoginResult } from './auth.service.ts';
import {
  loginAnswer,
  loginBody,
  registerAnswer,
  registerBody,
  setupAnswer,
  setupBody,
  setupStateAnswer,
  twofaDisableBody,
  twofaEnableBody,
  twofaSetupAnswer,
  twofaVerifyAnswer,
  twofaVerifyBody,
} from './auth.schema.ts';
import { okOnly } from '../../lib/contract.ts';
import { apiRouter } from '../../http/routes.ts';
import { open } from '../../http/access.ts';
import { addressLimit } from '../../http/address-limit.ts';

/**
 * Answers a login (password, 2FA or third-party): a challenge for a 2FA
 * account, else the session cookie and `{ok, username, mustChange}`, plus
 * the session token itself as `token` when the client asked (`withToken`).
 */
export function sendLoginResult(req: Request, res: Response, result: LoginResult, sessionDays: number, withToken = false): void {
  if (result.kind === 'challenge') {
    res.json({ ok: true, need2fa: true, challenge: result.challenge });
    return;
  }
  res.cookie(SESSION_COOKIE, result.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/',
    maxAge: sessionDays * 86_400_000,
  });
  res.json({ ok: true, username: result.username, mustChange: result.mustChange, ...(withToken ? { token: result.token } : {}) });
}

/** Public: register, login, 2FA verify, logout, setup. Logged in: 2FA management. */
export function authRoutes({ ctx, services: { auth }, login }: RouteDeps): Router {
  const r = apiRouter();
  // Per client address, cluster-wide (docs/decisions.md, "Registration and setup limits").
  const registerLimit = addressLimit(ctx.state, 'register', ctx.config.addressLimits.register);
  const setupLimit = addressLimit(ctx.state, 'setup', ctx.config.addressLimits.setup);
  const client = (req: Request) => ({ ip: clientIp(req), userAgent: req.get('user-agent') ?? '' });
  const finishLogin = (req: Request, res: Response, result: LoginResult, withToken: boolean | undefined) =>
    sendLoginResult(req, res, result, ctx.config.sessionDays, withToken === true);

  r.post(
    '/api/register',
    describeRoute({
      tag: 'auth',
      summary: 'Register an account (pending under REGISTRATION=approval)',
      body: registerBody,
      response: registerAnswer,
      responseDescription: '`{ok, message}`',
      errors: {
        400: 'Invalid name (`api.register.badName`), e-mail (`api.register.badEmail`) or a weak password (`api.register.weakPassword`)',
        403: 'Registration is closed (`api.register.closed`)',
        409: 'Name taken (`api.user.nameTaken`)',
        429: 'Too many attempts from this address in the hour (`api.address.rateLimited`, `Retry-After`)',
      },
    }),
    open,
    registerLimit,
    async (req, res) => {
    await auth.register(parse(registerBody, req.body));
    res.json({ ok: true, message: 'api.register.submitted' });
  });

  r.post(
    '/api/login',
    describeRoute({
      tag: 'auth',
      summary: 'Log in; sets the session cookie, or answers a 2FA challenge',
      body: loginBody,
      response: loginAnswer,
      responseDescription:
        '`{ok, username, mustChange}` and the `chat_token` cookie (with `token: true` also `token`, the session token), or `{ok, need2fa:true, challenge}`',
      errors: {
        401: 'Wrong name or password (`api.login.badCredentials`)',
        403: 'Account pending (`api.login.pending`), rejected (`api.login.rejected`) or banned (`api.login.banned`)',
        429: 'Address locked after 5 failures (`api.login.rateLimited`, `Retry-After`)',
      },
    }),
    open,
    async (req, res) => {
    const body = parse(loginBody, req.body);
    finishLogin(req, res, await auth.login(body, client(req)), body.token);
  });

  r.post(
    '/api/twofa/verify',
    describeRoute({
      tag: 'auth',
      summary: 'Finish a 2FA login with a TOTP code',
      body: twofaVerifyBody,
      response: twofaVerifyAnswer,
      responseDescription: '`{ok, username, mustChange}` and the session cookie (with `token: true` also `token`)',
      errors: {
        400: 'Malformed code (`api.twofa.badCode`), or an unknown, expired or used challenge (`api.twofa.badChallenge`)',
        401: 'Wrong code (`api.twofa.badCode`)',
        403: 'The account may no longer log in (`api.login.pending`, `api.login.rejected`, `api.login.banned`)',
        429: 'Address locked (`api.login.rateLimited`, `Retry-After`)',
      },
    }),
    open,
    async (req, res) => {
    const body = parse(twofaVerifyBody, req.body);
    finishLogin(req, res, await auth.verifyChallenge(body, client(req)), body.token);
  });

  r.post(
    '/api/logout',
    describeRoute({
      tag: 'auth',
      summary: 'Log out: destroy the session and clear the cookie',
      description: 'The session is the cookie’s, or the session token sent as `Authorization: Bearer` (native clients).',
      response: okOnly,
    }),
    open,
    async (req, res) => {
    const token = sessionToken(req.headers.cookie) ?? bearerSessionToken(req.headers);
    if (token) await auth.logout(sha256Hex(token));
    res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
    res.json({ ok: true });
  });

  r.get(
    '/api/setup',
    describeRoute({ tag: 'auth', summary: 'Whether the first administrator is still to be created', response: setupStateAnswer }),
    open,
    async (_req, res) => {
    res.json({ ok: true, needed: await auth.setupNeeded() });
  });

  r.post(
    '/api/setup',
    describeRoute({
      tag: 'auth',
      summary: 'Create the first administrator (needs SETUP_TOKEN when configured)',
      body: setupBody,
      response: setupAnswer,
      errors: {
        400: 'Invalid name (`api.register.badName`), e-mail (`api.register.badEmail`) or a weak password (`api.register.weakPassword`)',
        403: 'Wrong setup token (`api.setup.badToken`)',
        409: 'An administrator exists (`api.setup.done`), or the name is taken (`api.user.nameTaken`)',
        429: 'Too many attempts from this address in the hour (`api.address.rateLimited`, `Retry-After`)',
      },
    }),
    open,
    setupLimit,
    async (req, res) => {
    const user = await auth.setup(parse(setupBody, req.body), clientIp(req));
    res.json({ ok: true, name: user.name });
  });

  r.post(
    '/api/twofa/setup',
    describeRoute({
      tag: 'auth',
      summary: 'Start 2FA: a new TOTP secret',
      response: twofaSetupAnswer,
      errors: { 409: '2FA is already on (`api.twofa.alreadyOn`)' },
    }),
    login('security'),
    async (req, res) => {
    res.json({ ok: true, ...(await auth.twofaSetup(who(req))) });
  });

  r.post(
    '/api/twofa/enable',
    describeRoute({
      tag: 'auth',
      summary: 'Turn 2FA on with a code from the new secret',
      body: twofaEnableBody,
      response: okOnly,
      errors: {
        400: 'Malformed code (`api.twofa.badCode`), or no secret started with /api/twofa/setup (or another one) (`api.twofa.noSetup`)',
        401: 'Wrong code (`api.twofa.badCode`)',
      },
    }),
    login('security'),
    async (req, res) => {
    const body = parse(twofaEnableBody, req.body);
    await auth.twofaEnable(who(req), body.code, body.secret, clientIp(req));
    res.json({ ok: true });
  });

  r.post(
    '/api/twofa/disable',
    describeRoute({
      tag: 'auth',
      summary: 'Turn 2FA off with a current code',
      body: twofaDisableBody,
      response: okOnly,
      errors: {
        400: 'Malformed code (`api.twofa.badCode`), or 2FA is not on (`api.twofa.notOn`)',
        401: 'Wrong code (`api.twofa.badCode`)',
      },
    }),
    login('security'),
    async (req, res) => {
    await auth.twofaDisable(who(req), parse(twofaDisableBody, req.body).code, clientIp(req));
    res.json({ ok: true });
  });

  return r;
}
