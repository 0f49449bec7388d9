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
  via: 'cookie' | 'key';
  /** sha256 of the session token, when via cookie. */
  sessionHash?: string;
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
export function who(req: Express.Request): Identity {
  if (!req.identity) throw new Error('route is missing the authenticate middleware');
  return req.identity;
}
