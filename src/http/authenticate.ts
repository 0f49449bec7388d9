import { parseCookie } from 'cookie';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type AppError, forbidden, unauthorized } from '../errors.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { KeysService } from '../modules/keys/keys.service.ts';
import type { Identity } from './identity.ts';
import { scopeFor } from './scopes.ts';

export const SESSION_COOKIE = 'chat_token';

/** The API key presented by a request or handshake: `Authorization: Bearer` or `X-API-Key`. */
export function presentedKey(headers: Record<string, string | string[] | undefined>): string | undefined {
  const auth = headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice(7).trim();
  const x = headers['x-api-key'];
  return typeof x === 'string' && x !== '' ? x.trim() : undefined;
}

export function sessionToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  return parseCookie(cookieHeader)[SESSION_COOKIE];
}

/**
 * Resolves the caller: the cookie first, then an API key. A key must carry the
 * route's scope and spends one call of its rate window. The account must be
 * active (a ban found here answers 403).
 */
export async function resolveIdentity(
  auth: AuthService,
  keys: KeysService,
  headers: Record<string, string | string[] | undefined>,
): Promise<Identity | undefined> {
  const token = sessionToken(headers.cookie as string | undefined);
  if (token) {
    const identity = await auth.resolveSession(token);
    if (identity) return identity;
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
