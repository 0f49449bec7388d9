import type { Request } from 'express';
import type { Caller, Identity } from '../identity.ts';
import { clientIp } from '../lib/client-address.ts';
import type { Actor } from '../modules/audit/audit.service.ts';

/** The identity of a logged-in route; throws if the route declared no login. */
export function who(req: Request): Identity {
  if (!req.identity) throw new Error('route is missing its login middleware');
  return req.identity;
}

/** `who(req)` with the caller's address, for services that write audit entries. */
export function caller(req: Request): Caller {
  return { ...who(req), ip: clientIp(req) };
}

/** The logged-in caller of a route as an audit actor. */
export function actorOf(req: Request): Actor {
  const identity = who(req);
  return { id: identity.userId, name: identity.name, ip: clientIp(req) };
}
