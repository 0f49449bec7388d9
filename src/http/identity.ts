import { clientIp } from './deps.ts';
import type { Scope } from './scopes.ts';

export type Role = 'user' | 'admin';
export type AccountStatus = 'pending' | 'active' | 'rejected' | 'banned';

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
  /**
   * The session token came as `Authorization: Bearer` (a native client), not
   * in the cookie: a browser never sends it by itself, so protections against
   * cross-site use of the cookie do not apply. Same rights as the cookie.
   */
  bearer?: true;
  /** The API key, when via key. */
  key?: { id: number; scopes: ReadonlySet<Scope>; rateLimit: number; expires: number | null };
}

declare global {
  namespace Express {
    interface Request {
      /** Set by `authenticate` on every logged-in route. */
      identity?: Identity;
    }
  }
}

/** The identity of a route behind `requireLogin`; throws if the middleware was forgotten. */
/** The caller plus the address the request came from: what operations that are audited need. */
export type Caller = Identity & { ip: string };

export function who(req: Express.Request): Identity {
  if (!req.identity) throw new Error('route is missing the authenticate middleware');
  return req.identity;
}

/** `who(req)` with the caller's address, for services that write audit entries. */
export function caller(req: Express.Request & { ip?: string | undefined; socket: { remoteAddress?: string | undefined } }): Caller {
  return { ...who(req), ip: clientIp(req) };
}
