import type { RequestHandler } from 'express';
import { forbidden, unauthorized } from '../errors.ts';
import type { Identity, Scope } from '../identity.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import { resolveIdentity, statusRefusal } from '../modules/auth/credentials.ts';
import type { KeysService } from '../modules/keys/keys.service.ts';
import { withAccess } from './access.ts';

declare global {
  namespace Express {
    interface Request {
      /** Set by the access middleware on every logged-in route. */
      identity?: Identity;
    }
  }
}

/** The access middleware of logged-in routes (see access.ts): each marks the routes it guards. */
export interface Authenticators {
  /** Logged in by cookie, or by an API key that carries `scope` (and has calls left in its window). */
  login(scope: Scope): RequestHandler;
  /** Logged in by the session cookie only (`/api/keys*`). */
  cookieLogin: RequestHandler;
  /** Administrators only: by cookie, or by an administrator's key with the `admin` scope. */
  admin: RequestHandler;
}

export function authenticators(auth: AuthService, keys: KeysService): Authenticators {
  /** Requires a logged-in, active caller (401/403 otherwise) and sets `req.identity`. */
  const authenticate = async (req: Parameters<RequestHandler>[0], scope: Scope | 'cookie'): Promise<Identity> => {
    const identity = await resolveIdentity(auth, keys, req.headers);
    if (!identity) throw unauthorized();
    const refusal = statusRefusal(identity);
    if (refusal) throw refusal;
    if (identity.via === 'key') {
      if (scope === 'cookie') throw forbidden('api.keyNotAllowed');
      if (!identity.key?.scopes.has(scope)) throw forbidden('api.forbidden');
      await keys.consumeRate(identity);
    }
    req.identity = identity;
    return identity;
  };

  // One middleware per scope, made once: routes share it, and it is what marks them.
  const byScope = new Map<Scope, RequestHandler>();
  const login = (scope: Scope): RequestHandler => {
    let handler = byScope.get(scope);
    if (!handler) {
      handler = withAccess(
        async (req, _res, next) => {
          await authenticate(req, scope);
          next();
        },
        { access: 'login', scope },
      );
      byScope.set(scope, handler);
    }
    return handler;
  };

  return {
    login,
    cookieLogin: withAccess(
      async (req, _res, next) => {
        await authenticate(req, 'cookie');
        next();
      },
      { access: 'cookie' },
    ),
    admin: withAccess(
      async (req, _res, next) => {
        const identity = await authenticate(req, 'admin');
        if (identity.role !== 'admin') throw forbidden('api.forbidden');
        next();
      },
      { access: 'admin', scope: 'admin' },
    ),
  };
}
