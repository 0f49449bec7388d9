import type { RequestHandler } from 'express';
import { forbidden } from '../errors.ts';
import { fromAllowedSource, type OriginPolicy } from '../lib/origin-policy.ts';
import { sessionToken } from '../modules/auth/credentials.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses (403 `api.originForbidden`) every unsafe request that carries the
 * session cookie and comes from a page not allowed to use it, before any
 * route runs and before its body is read. The cookie is the one credential a
 * browser adds on its own; a request that does not carry it (an API key or a
 * session token as `Authorization: Bearer`) cannot be forged by another site
 * and is not checked. Any route that reads the cookie (every `login` route,
 * and the open `/api/logout`) is covered without declaring anything.
 */
export function originGate(policy: OriginPolicy): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || sessionToken(req.headers.cookie) === undefined) return next();
    if (!fromAllowedSource(req, policy)) throw forbidden('api.originForbidden');
    next();
  };
}

/** What a page of a CORS origin may read from our answers besides the safelisted headers. */
const EXPOSED = ['Retry-After', 'X-Request-Id', 'Location', 'Upload-Offset', 'Upload-Length', 'Tus-Resumable', 'Upload-Url', 'Upload-Kind', 'Upload-Deduped', 'Upload-Name'];

/**
 * CORS for the origins of CORS_ORIGINS, with credentials: the exact origin is
 * echoed (never `*`), preflights are answered here (they carry no credential,
 * so no route's login would let them through), and other origins get no CORS
 * header at all, so browsers keep their pages from reading our answers.
 */
export function corsForAllowedOrigins(policy: OriginPolicy): RequestHandler {
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    res.vary('Origin');
    if (!policy.isCorsOrigin(origin)) return next();
    res.set('Access-Control-Allow-Origin', origin);
    res.set('Access-Control-Allow-Credentials', 'true');
    const method = req.headers['access-control-request-method'];
    if (req.method === 'OPTIONS' && method !== undefined) {
      res.set('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      const headers = req.headers['access-control-request-headers'];
      if (headers) res.set('Access-Control-Allow-Headers', headers);
      res.vary('Access-Control-Request-Headers');
      res.set('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    res.set('Access-Control-Expose-Headers', EXPOSED.join(', '));
    next();
  };
}
