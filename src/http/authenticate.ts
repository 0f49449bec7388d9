import { parseCookie } from 'cookie';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type AppError, forbidden, unauthorized } from '../errors.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { KeysService } from '../modules/keys/keys.service.ts';
import type { Identity } from './identity.ts';
import { KEY_RE } from '../modules/keys/keys.policy.ts';
import { scopeFor } from './scopes.ts';

export const SESSION_COOKIE = 'chat_token';

type Headers = Record<string, string | string[] | undefined>;

/** What `Authorization: Bearer` carries, if anything. */
function bearer(headers: Headers): string | undefined {
  const auth = headers.authorization;
  return typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7).trim() || undefined : undefined;
}

/**
 * An API key has its own format (`key_<8 hex>_<48 hex>`, KEY_RE); any other
 * bearer value is taken for a session token (native clients: `token: true`
 * at login). Neither format can be mistaken for the other.
 */
export const isApiKeyFormat = (value: string): boolean => KEY_RE.test(value);

/** The API key presented by a request or handshake: `Authorization: Bearer key_…` or `X-API-Key`. */
export function presentedKey(headers: Headers): string | undefined {
  const b = bearer(headers);
  if (b !== undefined && isApiKeyFormat(b)) return b;
  const x = headers['x-api-key'];
  return typeof x === 'string' && x !== '' ? x.trim() : undefined;
}

/** A session token sent as `Authorization: Bearer` (not in the API-key format). */
export function bearerSessionToken(headers: Headers): string | undefined {
  const b = bearer(headers);
  return b !== undefined && !isApiKeyFormat(b) ? b : undefined;
}

export function sessionToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  return parseCookie(cookieHeader)[SESSION_COOKIE];
}

/**
 * Resolves the caller: the cookie first, then a bearer session token (full
 * rights, like the cookie; the identity says `bearer: true`), then an API
 * key. A key must carry the route's scope and spends one call of its rate
 * window. The account must be active (a ban found here answers 403).
 */
export async function resolveIdentity(auth: AuthService, keys: KeysService, headers: Headers): Promise<Identity | undefined> {
  const token = sessionToken(headers.cookie as string | undefined);
  if (token) {
    const identity = await auth.resolveSession(token);
    if (identity) return identity;
  }
  const session = bearerSessionToken(headers);
  if (session) {
    const identity = await auth.resolveSession(session);
    // A copy: the cached identity is shared by every request of the session, cookie or bearer.
    return identity ? { ...identity, bearer: true } : undefined;
  }
  const key = presentedKey(headers);
  if (key) return keys.resolve(key);
  return undefined;
}

export function statusRefusal(identity: Identity): AppError | undefined {
  if (identity.status === 'active') return undefined;
  if (identity.status === 'banned') return forbidden('api.login.banned');
  if (identity.status === 'pending') return forbidden('api.login.pending');
  return forbidden('api.login.rejected');
}

export interface AuthOptions {
  /** `/api/keys*`: the session cookie only, never a key. */
  cookieOnly?: boolean;
}

/** Requires a logged-in caller (401 otherwise) and sets `req.identity`. */
export function authenticate(auth: AuthService, keys: KeysService, opts: AuthOptions = {}): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const identity = await resolveIdentity(auth, keys, req.headers);
    if (!identity) throw unauthorized();
    const refusal = statusRefusal(identity);
    if (refusal) throw refusal;
    if (identity.via === 'key') {
      if (opts.cookieOnly) throw forbidden('api.keyNotAllowed');
      const scope = scopeFor(req.method, req.baseUrl + req.path);
      if (!identity.key?.scopes.has(scope)) throw forbidden('api.forbidden');
      await keys.consumeRate(identity);
    }
    req.identity = identity;
    next();
  };
}

/** Administrators only (403 otherwise). Runs after `authenticate`. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (req.identity?.role !== 'admin') throw forbidden('api.forbidden');
  next();
};
