import type { Config } from '../config.ts';
import { fromAllowedSource, originPolicyOf } from '../lib/origin-policy.ts';
import { sessionToken } from '../modules/auth/credentials.ts';
import type { Socket } from 'socket.io';

/**
 * Socket.IO middleware against cross-site WebSocket hijacking: a handshake
 * that carries the session cookie must come from a page allowed to use it
 * (the same rule as unsafe HTTP requests, src/lib/origin-policy.ts), else
 * `connect_error` `api.originForbidden`. Judged on the cookie's presence, not
 * on the credential that wins: `auth.token` is chosen by the page's script,
 * and the cookie is tried first, so a page could otherwise add any token to
 * be exempt while the cookie logs it in.
 */
export function handshakeOriginCheck(config: Pick<Config, 'publicUrl' | 'corsOrigins' | 'trustProxy'>) {
  const policy = originPolicyOf(config);
  return (socket: Socket, next: (err?: Error) => void): void => {
    const req = socket.request;
    const allowed = sessionToken(req.headers.cookie) === undefined || fromAllowedSource(req, policy);
    next(allowed ? undefined : new Error('api.originForbidden'));
  };
}
