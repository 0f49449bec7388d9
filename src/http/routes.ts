import { type Application, Router, type RouterOptions } from 'express';

/**
 * A router for API routes: paths match case-sensitively, so `/API/MESSAGES`
 * is a 404 rather than a second spelling of `/api/messages`.
 */
export const apiRouter = (opts: RouterOptions = {}): Router => Router({ caseSensitive: true, ...opts });

/** A route as Express serves it. */
export interface ServedRoute {
  /** Upper case. */
  method: string;
  /** Express syntax, mount path included: `/api/groups/:gid`. */
  path: string;
  handlers: readonly unknown[];
}

// Express exposes no public way to list routes; these are the parts of router 2.x we read.
interface RouteLike {
  path: unknown;
  methods: Record<string, boolean>;
  stack: Array<{ handle: unknown }>;
}
interface LayerLike {
  route?: RouteLike;
  handle?: { stack?: unknown };
  rawPath?: unknown;
}

/** Every route of the app, in registration order, including those of mounted routers. */
export function listRoutes(app: Application): ServedRoute[] {
  const out: ServedRoute[] = [];
  const walk = (stack: readonly LayerLike[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = prefix + String(layer.route.path);
        const handlers = layer.route.stack.map((l) => l.handle);
        for (const m of Object.keys(layer.route.methods)) {
          // `_all` is router.all(); document such a route with explicit methods instead.
          out.push({ method: m === '_all' ? 'ALL' : m.toUpperCase(), path, handlers });
        }
      } else if (Array.isArray(layer.handle?.stack)) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack as LayerLike[], prefix + mount);
      }
    }
  };
  walk((app.router as unknown as { stack: LayerLike[] }).stack, '');
  return out;
}
