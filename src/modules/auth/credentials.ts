import { parseCookie } from 'cookie';
import { type AppError, forbidden } from '../../errors.ts';
import type { Identity } from '../../identity.ts';
import type { KeysService } from '../keys/keys.service.ts';
import type { AuthService } from './auth.service.ts';

/**
 * How a request or a socket handshake proves who it is: the session cookie
 * (checked first, spec section 5) or an API key. Shared by the HTTP edge and
 * the Socket.IO gateway, so both resolve callers the same way.
 */
export const SESSION_COOKIE = 'chat_token';

type Headers = Record<string, string | string[] | undefined>;

/** The API key presented by a request or handshake: `Authorization: Bearer` or `X-API-Key`. */
export function presentedKey(headers: Headers): string | undefined {
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
 * Resolves the caller: the cookie first, then an API key. Checks neither the
 * account's status nor a key's scope: see `statusRefusal` and the route's or
 * event's own scope.
 */
export async function resolveIdentity(auth: AuthService, keys: KeysService, headers: Headers): Promise<Identity | undefined> {
  const token = sessionToken(headers.cookie as string | undefined);
  if (token) {
    const identity = await auth.resolveSession(token);
    if (identity) return identity;
  }
  const key = presentedKey(headers);
  if (key) return keys.resolve(key);
  return undefined;
}

/** Why an account that proved who it is may still not act (403), or undefined when it is active. */
export function statusRefusal(identity: Identity): AppError | undefined {
  if (identity.status === 'active') return undefined;
  if (identity.status === 'banned') return forbidden('api.login.banned');
  if (identity.status === 'pending') return forbidden('api.login.pending');
  return forbidden('api.login.rejected');
}
