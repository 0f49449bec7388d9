import { parseCookie } from 'cookie';
import { type AppError, forbidden } from '../../errors.ts';
import type { Identity } from '../../identity.ts';
import { KEY_RE } from '../keys/keys.policy.ts';
import type { KeysService } from '../keys/keys.service.ts';
import type { AuthService } from './auth.service.ts';

/**
 * How a request or a socket handshake proves who it is: the session cookie
 * (checked first, spec section 5) or an API key. Shared by the HTTP edge and
 * the Socket.IO gateway, so both resolve callers the same way.
 */
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
 * at login). A 43-character base64url session token never matches KEY_RE.
 */
export const isApiKeyFormat = (value: string): boolean => KEY_RE.test(value);

/** The API key presented by a request or handshake: `Authorization: Bearer key_…` or `X-API-Key`. */
export function presentedKey(headers: Headers): string | undefined {
  const b = bearer(headers);
  if (b !== undefined && isApiKeyFormat(b)) return b;
  const x = headers['x-api-key'];
  return typeof x === 'string' && x !== '' ? x.trim() : undefined;
}

/** A session token sent as `Authorization: Bearer` (anything not in the API-key format). */
export function bearerSessionToken(headers: Headers): string | undefined {
  const b = bearer(headers);
  return b !== undefined && !isApiKeyFormat(b) ? b : undefined;
}

export function sessionToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  return parseCookie(cookieHeader)[SESSION_COOKIE];
}

/**
 * Resolves the caller: the cookie first, then a session token sent as a
 * bearer (full rights, like the cookie; the identity says `bearer: true`),
 * then an API key. Checks neither the account's status nor a key's scope:
 * see `statusRefusal` and the route's or event's own scope.
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

/**
 * Why credentials resolved to no one: `api.login.banned` for a session that a ban still in force
 * ended (a client that was away when it came), else `api.unauthorized`. Read on that path only.
 */
export async function unresolvedRefusal(auth: AuthService, headers: Headers): Promise<'api.login.banned' | 'api.unauthorized'> {
  for (const token of [sessionToken(headers.cookie as string | undefined), bearerSessionToken(headers)]) {
    if (token && (await auth.endedByBan(token))) return 'api.login.banned';
  }
  return 'api.unauthorized';
}

/** Why an account that proved who it is may still not act (403), or undefined when it is active. */
export function statusRefusal(identity: Identity): AppError | undefined {
  if (identity.status === 'active') return undefined;
  if (identity.status === 'banned') return forbidden('api.login.banned');
  if (identity.status === 'pending') return forbidden('api.login.pending');
  return forbidden('api.login.rejected');
}
