/**
 * Who is calling, in domain terms: the account behind a request or a socket,
 * and the API-key scopes (spec section 5). Resolved at the edges (HTTP,
 * Socket.IO) and handed to services; nothing here knows a transport.
 */

export type Role = 'user' | 'admin';
export type AccountStatus = 'pending' | 'active' | 'rejected' | 'banned';

/** The API-key scopes, in the spec's canonical order. */
export const SCOPES = [
  'profile.read',
  'profile.write',
  'security',
  'users.read',
  'friends.read',
  'friends.write',
  'messages.read',
  'messages.send',
  'groups.read',
  'groups.write',
  'groups.manage',
  'files.upload',
  'admin',
] as const;

export type Scope = (typeof SCOPES)[number];

const SCOPE_SET: ReadonlySet<string> = new Set(SCOPES);

export const isScope = (s: string): s is Scope => SCOPE_SET.has(s);

/** Known scopes of `input` in the canonical order, de-duplicated; unknown values dropped. */
export function normalizeScopes(input: readonly string[]): Scope[] {
  const wanted = new Set(input);
  return SCOPES.filter((s) => wanted.has(s));
}

/** Who is calling: resolved once per request (or socket handshake) from the cookie or an API key. */
export interface Identity {
  userId: number;
  name: string;
  role: Role;
  status: AccountStatus;
  mustChange: boolean;
  /** `cookie`: a session (the cookie, or its token as a bearer); `key`: an API key. */
  via: 'cookie' | 'key';
  /** sha256 of the session token, when via cookie (a session). */
  sessionHash?: string;
  /** When the session expires (ms), when via cookie: a connection opened with it ends then. */
  sessionExpires?: number;
  /**
   * The session token came as `Authorization: Bearer` (a native client), not
   * in the cookie: a browser never sends it by itself, so protections against
   * cross-site use of the cookie do not apply. Same rights as the cookie.
   */
  bearer?: true;
  /** The API key, when via key. */
  key?: { id: number; scopes: ReadonlySet<Scope>; rateLimit: number; expires: number | null };
}

/** The caller plus the address the request came from: what operations that are audited need. */
export type Caller = Identity & { ip: string };
