import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { Config } from '../config.ts';

export type TrustFn = (address: string, hop: number) => boolean;

/**
 * The trust rule Express applies for `trust proxy` (true, a hop count, or a
 * list of addresses/subnets), for requests that do not go through Express:
 * the Socket.IO handshake. Same input, same answer as `req.ip`.
 */
export function compileTrust(trust: Config['trustProxy']): TrustFn {
  if (trust === undefined) return () => false;
  if (trust === true) return () => true;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyaddr.compile(String(trust).split(',').map((s) => s.trim()));
}

/** The client's address: the socket's, or from X-Forwarded-For as far as `trust` allows. */
export const requestAddress = (req: IncomingMessage, trust: TrustFn): string => proxyaddr(req, trust);

/** The caller's address as Express recorded it (X-Forwarded-For only under TRUST_PROXY). */
export const clientIp = (req: { ip?: string | undefined; socket: { remoteAddress?: string | undefined } }): string =>
  req.ip ?? req.socket.remoteAddress ?? '';
