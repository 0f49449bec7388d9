import { type Application, type Request, type RequestHandler, type Response, Router, type RouterOptions } from 'express';

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
  _handlesMethod(method: string): boolean;
  dispatch(req: Request, res: Response, done: (err?: unknown) => void): void;
}
interface LayerLike {
  route?: RouteLike;
  handle?: { stack?: unknown; [ROUTERS]?: readonly Router[] };
  rawPath?: unknown;
  match(path: string): unknown;
}

const ROUTERS = Symbol('chat.routers');

/**
 * Where a request may be served: the first two segments of its path (`/api/groups/7/members` →
 * `/api/groups`), or fewer when it has fewer (`/metrics`).
 */
function headOf(path: string): { one: string; two: string } {
  const second = path.indexOf('/', 1);
  if (second === -1) return { one: path, two: path };
  const third = path.indexOf('/', second + 1);
  const one = path.slice(0, second);
  const rest = third === -1 ? path.slice(second) : path.slice(second, third);
  return { one, two: rest === '/' ? one : one + rest };
}

/**
 * The static segments an Express path starts with, and whether that is the whole path: `/api/me`
 * → (['api', 'me'], whole); `/api/groups/:gid` → (['api', 'groups'], not whole);
 * `/api/tus{/*rest}` → (['api', 'tus'], not whole); `/api/file:x` → (['api'], not whole).
 */
function staticHead(path: string): { segments: string[]; whole: boolean } {
  const cut = path.search(/[:*{}()?+[\]\\!]/);
  if (cut === -1) return { segments: path.split('/').filter(Boolean), whole: true };
  const segments = path.slice(0, cut).split('/');
  // The last piece is a whole segment only when a `/` or an optional `{/...}` group follows it.
  const complete = path[cut - 1] === '/' || (path[cut] === '{' && path[cut + 1] === '/');
  if (!complete) segments.pop();
  return { segments: segments.filter(Boolean), whole: false };
}

/** Which requests a router may serve, read from its layers: by their heads, or any request. */
function reachOf(router: Router): { any: boolean; ones: Set<string>; twos: Set<string> } {
  const reach = { any: false, ones: new Set<string>(), twos: new Set<string>() };
  // A router that matches paths in any case could serve `/API/ME`: it sees every request.
  if ((router as unknown as { caseSensitive?: boolean }).caseSensitive !== true) return { ...reach, any: true };
  for (const layer of (router as unknown as { stack: LayerLike[] }).stack) {
    const raw = layer.route ? layer.route.path : layer.rawPath;
    for (const path of Array.isArray(raw) ? raw : [raw]) {
      if (typeof path !== 'string') return { ...reach, any: true };
      const { segments, whole } = staticHead(path);
      // A route is matched whole (`/metrics` is not `/metrics/x`); middleware by prefix (`/api/tus` takes `/api/tus/x`).
      const exact = whole && layer.route !== undefined;
      if (segments.length === 0) return { ...reach, any: true };
      if (segments.length >= 2 || exact) reach.twos.add(`/${segments.slice(0, 2).join('/')}`);
      else reach.ones.add(`/${segments[0]}`);
    }
  }
  return reach;
}

const stackOf = (router: Router): LayerLike[] => (router as unknown as { stack: LayerLike[] }).stack;

/**
 * The routes a request can be handed to directly, by method and exact path: a route with a static
 * path (`/api/me`) and one of its own methods, when nothing else in any router matches that path
 * for that method (no middleware, no other route, no `:param` route before or after it). The
 * routers' walk would find that route and nothing more, so going to it straight gives the same
 * answer, fall-through (`next()` reaches the app's 404) and errors included. HEAD and OPTIONS,
 * which the router answers from several routes, always take the walk.
 */
export function directRoutes(routers: readonly Router[]): Map<string, Map<string, RouteLike>> {
  const layers = routers.flatMap(stackOf);
  const direct = new Map<string, Map<string, RouteLike>>();
  for (const layer of layers) {
    const route = layer.route;
    if (!route || typeof route.path !== 'string' || !staticHead(route.path).whole) continue;
    const path = route.path;
    for (const method of Object.keys(route.methods)) {
      const upper = method.toUpperCase();
      if (upper === '_ALL' || upper === 'HEAD' || upper === 'OPTIONS') continue;
      const reached = layers.filter((l) => l.match(path) && (!l.route || l.route._handlesMethod(upper)));
      if (reached.length !== 1 || reached[0] !== layer) continue;
      const byPath = direct.get(upper) ?? new Map<string, RouteLike>();
      direct.set(upper, byPath.set(path, route));
    }
  }
  return direct;
}

/**
 * The app's routers as one middleware that hands a request only to the routers with a route (or
 * middleware) under its path's first two segments, in their order: Express would otherwise try
 * every route of every router mounted before the one that serves it (docs/decisions.md,
 * "Per-request cost"). A request for a static path that one route alone serves goes straight to
 * that route (`directRoutes`). Same answers as `app.use` of each router: a router that cannot match
 * the path would have passed the request on untouched. `listRoutes` sees the routers through it.
 */
export function routedByPath(routers: readonly Router[]): RequestHandler {
  const reaches = routers.map((router) => ({ router, ...reachOf(router) }));
  const direct = directRoutes(routers);
  const dispatch: RequestHandler = (req, res, next) => {
    const path = req.path;
    const route = direct.get(req.method)?.get(path);
    if (route) {
      // What the router sets before it dispatches to a route with no parameters.
      req.params = {};
      // `next('route')` and `next('router')` leave the route and its router: on to the app's next.
      route.dispatch(req, res, (err) => (err && err !== 'route' && err !== 'router' ? next(err) : next()));
      return;
    }
    const { one, two } = headOf(path);
    let i = 0;
    const onward = (err?: unknown): void => {
      if (err) {
        next(err);
        return;
      }
      while (i < reaches.length) {
        const r = reaches[i++]!;
        if (r.any || r.twos.has(two) || r.ones.has(one)) {
          r.router(req, res, onward);
          return;
        }
      }
      next();
    };
    onward();
  };
  return Object.assign(dispatch, { [ROUTERS]: routers });
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
      } else if (layer.handle?.[ROUTERS]) {
        for (const router of layer.handle[ROUTERS]) walk((router as unknown as { stack: LayerLike[] }).stack, prefix);
      } else if (Array.isArray(layer.handle?.stack)) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack as LayerLike[], prefix + mount);
      }
    }
  };
  walk((app.router as unknown as { stack: LayerLike[] }).stack, '');
  return out;
}
