import type { RequestHandler } from 'express';
import type { Scope } from '../identity.ts';
import type { ServedRoute } from './routes.ts';

/**
 * Every route declares who may call it where it is declared, by carrying
 * exactly one access middleware among its handlers: `open` (public),
 * `login(scope)` (cookie, or an API key with that scope), `cookieLogin`
 * (session cookie only) or `admin` (administrators; a key needs `admin`).
 * The scope check therefore follows Express's own route matching: there is
 * no path table that could disagree with it. The OpenAPI generator reads the
 * same marks, and `assertAccessDeclared` refuses to start an app with a route
 * that carries none (or several).
 */
export type Access = 'public' | 'login' | 'cookie' | 'admin';

export interface AccessRule {
  access: Access;
  /** The API-key scope (`login` and `admin` routes). */
  scope?: Scope;
}

const ACCESS = Symbol('chat.access');

type Marked = RequestHandler & { [ACCESS]: AccessRule };

/** `handler` as the access middleware of the routes it is used in (a new function: `handler` is left unmarked). */
export function withAccess(handler: RequestHandler, rule: AccessRule): RequestHandler {
  const marked: RequestHandler = (req, res, next) => handler(req, res, next);
  return Object.assign(marked, { [ACCESS]: rule }) satisfies Marked;
}

/** The access rule a handler declares, if it is an access middleware. */
export function accessRuleOf(handle: unknown): AccessRule | undefined {
  return typeof handle === 'function' && ACCESS in handle ? (handle as Marked)[ACCESS] : undefined;
}

/** A public route: anyone may call it (spec section 5's public tier, health, docs, downloads). */
export const open: RequestHandler = withAccess((_req, _res, next) => next(), { access: 'public' });

/** The access rule of a served route: the one access middleware among its handlers. */
export function routeAccess(route: ServedRoute): AccessRule | undefined {
  const rules = route.handlers.map(accessRuleOf).filter((r) => r !== undefined);
  return rules.length === 1 ? rules[0] : undefined;
}

/** Throws, naming them, when some routes declare no access middleware or more than one. */
export function assertAccessDeclared(routes: readonly ServedRoute[]): void {
  const bad = routes.filter((r) => routeAccess(r) === undefined).map((r) => `${r.method} ${r.path}`);
  if (bad.length > 0) {
    throw new Error(`routes without exactly one access declaration (open, login(scope), cookieLogin, admin): ${bad.join(', ')}`);
  }
}
