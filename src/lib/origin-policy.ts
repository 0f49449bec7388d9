import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Config } from '../config.ts';
import { compileTrust, type TrustFn } from './client-address.ts';

/**
 * Which web pages may use the session cookie (docs/decisions.md, "Cross-site
 * requests"): the server's own origin (PUBLIC_URL, and the origin the request
 * itself was sent to) and CORS_ORIGINS. Shared by the HTTP edge and the
 * Socket.IO handshake, so both judge a request the same way.
 */
export interface OriginPolicy {
  /** May a page of `origin` send this request with the cookie? */
  allows(origin: string, req: IncomingMessage): boolean;
  /** Is `origin` one of CORS_ORIGINS (answered with CORS headers and credentials)? */
  isCorsOrigin(origin: string): boolean;
}

/** `origin` as a browser serialises it (lower case, no default port), or undefined for `null` and junk. */
export function normalizeOrigin(origin: string): string | undefined {
  try {
    const o = new URL(origin).origin;
    return o === 'null' ? undefined : o;
  } catch {
    return undefined;
  }
}

const first = (v: string | string[] | undefined): string | undefined => {
  const s = Array.isArray(v) ? v[0] : v;
  return s?.split(',')[0]?.trim() || undefined;
};

/**
 * The origin a request was sent to, as Express computes `req.protocol` and
 * `req.host`: the socket's scheme and the Host header, or X-Forwarded-Proto
 * and X-Forwarded-Host when TRUST_PROXY trusts the peer.
 */
export function requestOrigin(req: IncomingMessage, trust: TrustFn): string | undefined {
  const trusted = trust(req.socket.remoteAddress ?? '', 0);
  const proto = (trusted && first(req.headers['x-forwarded-proto'])) || ((req.socket as TLSSocket).encrypted ? 'https' : 'http');
  const host = (trusted && first(req.headers['x-forwarded-host'])) || req.headers.host;
  return host ? normalizeOrigin(`${proto}://${host}`) : undefined;
}

export function originPolicy(opts: { publicUrl: string | undefined; corsOrigins: readonly string[]; trust: TrustFn }): OriginPolicy {
  const cors = new Set(opts.corsOrigins.map(normalizeOrigin).filter((o) => o !== undefined));
  const own = opts.publicUrl ? normalizeOrigin(opts.publicUrl) : undefined;
  return {
    allows(origin, req) {
      const o = normalizeOrigin(origin);
      if (o === undefined) return false;
      // A page whose origin is the one the request goes to is not another site: the browser
      // sets both Origin and Host, and a page cannot forge either. PUBLIC_URL covers proxies
      // that rewrite Host.
      return o === own || cors.has(o) || o === requestOrigin(req, opts.trust);
    },
    isCorsOrigin(origin) {
      const o = normalizeOrigin(origin);
      return o !== undefined && cors.has(o);
    },
  };
}

/** The policy of a node's configuration (PUBLIC_URL, CORS_ORIGINS, TRUST_PROXY). */
export const originPolicyOf = (config: Pick<Config, 'publicUrl' | 'corsOrigins' | 'trustProxy'>): OriginPolicy =>
  originPolicy({ publicUrl: config.publicUrl, corsOrigins: config.corsOrigins, trust: compileTrust(config.trustProxy) });

/**
 * Whether a request that carries the session cookie comes from a page allowed
 * to use it. `Origin` decides when present; without it `Sec-Fetch-Site`
 * (`same-origin` and `none`, a typed URL or bookmark, pass); with neither the
 * sender is no browser that would add our cookie on its own (curl, native
 * apps, servers), so nothing is ambient and the request passes.
 */
export function fromAllowedSource(req: IncomingMessage, policy: OriginPolicy): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) return policy.allows(origin, req);
  const site = first(req.headers['sec-fetch-site']);
  if (site === undefined) return true;
  return site === 'same-origin' || site === 'none';
}
