import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler, Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inherits, requestClassesOf, runRootLayersDirectly } from '../../src/http/root-chain.ts';
import { apiRouter, directRoutes, listRoutes, routedByPath } from '../../src/http/routes.ts';

/** A handler that notes its name in `seen` and passes the request on. */
const marker =
  (seen: string[]) =>
  (name: string): RequestHandler =>
  (_req, _res, next) => {
    seen.push(name);
    next();
  };

/**
 * routedByPath hands a request only to the routers that may serve its path: the answers must be
 * those of `app.use` of each router in turn. Over real HTTP, against a small app.
 */
describe('routedByPath', () => {
  const seen: string[] = [];
  const mark = marker(seen);
  const answer =
    (name: string): RequestHandler =>
    (_req, res) => {
      res.json({ by: name });
    };

  // `a` serves /api/me and one /api/groups route; `b` another /api/me route and a param-headed
  // path; `c` a one-segment route, a prefix middleware and a download path; `d` matches any case.
  const a = apiRouter();
  a.get('/api/me', mark('a'), answer('a me'));
  a.get('/api/groups/:gid', mark('a'), answer('a group'));
  const b = apiRouter();
  b.get('/api/me/penalties', mark('b'), answer('b penalties'));
  b.get('/api/groups/:gid/members', mark('b'), answer('b members'));
  const c = apiRouter();
  c.get('/metrics', mark('c'), answer('c metrics'));
  c.get('/uploads/:name', mark('c'), answer('c upload'));
  c.all('/api/tus{/*rest}', mark('c'), answer('c tus'));
  c.use(['/api/upload'], mark('c use'));
  c.get('/api/upload/x', mark('c'), answer('c upload x'));
  const anyCase = Router();
  anyCase.get('/api/shout', mark('d'), answer('d shout'));
  // `e` passes /api/twice and /api/x/pass on to `f`, fails /api/x/fail and /api/throw.
  const e = apiRouter();
  e.get('/api/twice', mark('e'), (_req, _res, next) => next());
  e.get('/api/x/pass', mark('e'), (_req, _res, next) => next('route'));
  e.get('/api/x/fail', mark('e'), (_req, _res, next) => next(new Error('failed')));
  e.post('/api/throw', mark('e'), async () => {
    throw new Error('thrown');
  });
  e.post('/api/me', mark('e'), answer('e me post'));
  const f = apiRouter();
  f.get('/api/twice', mark('f'), answer('f twice'));
  f.get('/api/x/:any', mark('f'), answer('f any'));
  const routers = [a, b, c, anyCase, e, f];
  const makeApp = (routed: boolean) => {
    const app = express();
    app.set('case sensitive routing', true);
    if (routed) app.use(routedByPath(routers));
    else for (const r of routers) app.use(r);
    app.use((_req, res) => {
      res.status(404).json({ by: 'none' });
    });
    app.use((err: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(500).json({ by: `error ${err.message}` });
    });
    return app;
  };
  const app = makeApp(true);

  const bases: Record<'routed' | 'plain', string> = { routed: '', plain: '' };
  const servers: Array<ReturnType<typeof app.listen>> = [];
  beforeAll(async () => {
    for (const mode of ['routed', 'plain'] as const) {
      const server = makeApp(mode === 'routed').listen(0, '127.0.0.1');
      servers.push(server);
      await new Promise((r) => server.once('listening', r));
      bases[mode] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
  });
  afterAll(() => Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r())))));

  const get = async (mode: 'routed' | 'plain', path: string, method = 'GET') => {
    seen.length = 0;
    const res = await fetch(bases[mode] + path, { method });
    return { status: res.status, by: method === 'HEAD' ? undefined : ((await res.json()) as { by?: string }).by, seen: [...seen] };
  };

  it.each([
    ['/api/me', 200, 'a me', ['a']],
    ['/api/me/', 200, 'a me', ['a']],
    ['/api/me/penalties', 200, 'b penalties', ['b']],
    ['/api/groups/7', 200, 'a group', ['a']],
    ['/api/groups/7/members', 200, 'b members', ['b']],
    ['/metrics', 200, 'c metrics', ['c']],
    ['/metrics/', 200, 'c metrics', ['c']],
    ['/uploads/x.png', 200, 'c upload', ['c']],
    ['/api/tus', 200, 'c tus', ['c']],
    ['/api/tus/abc/def', 200, 'c tus', ['c']],
    ['/api/shout', 200, 'd shout', ['d']],
    // The router that matches any case still sees other spellings; the case-sensitive ones do not.
    ['/API/SHOUT', 200, 'd shout', ['d']],
    ['/API/ME', 404, 'none', []],
    ['/api/m%65', 404, 'none', []],
    ['/api/upload/1', 404, 'none', ['c use']],
    ['/api/upload/x', 200, 'c upload x', ['c use', 'c']],
    ['/api/unknown', 404, 'none', []],
    ['/api/twice', 200, 'f twice', ['e', 'f']],
    ['/api/x/pass', 200, 'f any', ['e', 'f']],
    ['/api/x/other', 200, 'f any', ['f']],
    ['/api/x/fail', 500, 'error failed', ['e']],
    ['/api/a/b', 404, 'none', []],
    ['/', 404, 'none', []],
  ])('%s → %i %s, as with app.use of each router', async (path, status, by, routers) => {
    expect(await get('routed', path)).toEqual({ status, by, seen: routers });
    expect(await get('plain', path)).toEqual({ status, by, seen: routers });
  });

  it.each([
    ['POST', '/api/me', 200, 'e me post', ['e']],
    ['POST', '/api/throw', 500, 'error thrown', ['e']],
    ['HEAD', '/api/me', 200, undefined, ['a']],
    ['DELETE', '/api/me', 404, 'none', []],
  ])('%s %s → %i %s, as with app.use of each router', async (method, path, status, by, routers) => {
    expect(await get('routed', path, method)).toEqual({ status, by, seen: routers });
    expect(await get('plain', path, method)).toEqual({ status, by, seen: routers });
  });

  it('goes straight to a static route that nothing else matches, and walks the routers otherwise', () => {
    const direct = [...directRoutes(routers)].flatMap(([method, paths]) => [...paths.keys()].map((p) => `${method} ${p}`));
    // Not direct: /api/twice (two routes), /api/x/pass and /api/x/fail (`/api/x/:any` matches them
    // too), /api/upload/x (behind middleware), /api/tus (any method); /API/SHOUT is not /api/shout.
    expect(direct.sort()).toEqual(['GET /api/me', 'GET /api/me/penalties', 'GET /api/shout', 'GET /metrics', 'POST /api/me', 'POST /api/throw']);
  });

  it('answers OPTIONS from the router whose route matches', async () => {
    const res = await fetch(`${bases.routed}/api/me/penalties`, { method: 'OPTIONS' });
    expect(res.status).toBe(200);
    expect(res.headers.get('allow')).toContain('GET');
  });

  it('lists the routes of the routers behind it, in order', () => {
    expect(listRoutes(app).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/me',
      'GET /api/groups/:gid',
      'GET /api/me/penalties',
      'GET /api/groups/:gid/members',
      'GET /metrics',
      'GET /uploads/:name',
      'ALL /api/tus{/*rest}',
      'GET /api/upload/x',
      'GET /api/shout',
      'GET /api/twice',
      'GET /api/x/pass',
      'GET /api/x/fail',
      'POST /api/throw',
      'POST /api/me',
      'GET /api/twice',
      'GET /api/x/:any',
    ]);
  });
});

describe('root middleware run without the app router', () => {
  const run = async (steps: RequestHandler[]) => {
    const app = express();
    for (const step of steps) app.use(step);
    app.use((_req, res) => {
      res.json({ reached: true });
    });
    app.use((err: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(500).json({ error: err.message });
    });
    runRootLayersDirectly(app);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      return await res.json();
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  };
  const pass: RequestHandler = (_req, _res, next) => next();

  it('runs the steps in order, then the rest of the app', async () => {
    const order: number[] = [];
    const step =
      (n: number): RequestHandler =>
      async (_req, _res, next) => {
        order.push(n);
        await Promise.resolve();
        next();
      };
    expect(await run([step(1), step(2), pass, step(3)])).toEqual({ reached: true });
    expect(order).toEqual([1, 2, 3]);
  });

  it.each<[string, RequestHandler]>([
    ['a thrown error', () => {
      throw new Error('thrown');
    }],
    ['a rejection', async () => {
      throw new Error('rejected');
    }],
    ['next(err)', (_req, _res, next) => next(new Error('passed'))],
  ])('hands %s to the error handler and stops', async (_what, failing) => {
    let after = false;
    const body = await run([pass, failing, (_req, _res, next) => {
      after = true;
      next();
    }]);
    expect(body).toEqual({ error: expect.any(String) });
    expect(after).toBe(false);
  });
});

describe('runRootLayersDirectly', () => {
  type Mode = 'direct' | 'express';
  const seen: string[] = [];
  const step = marker(seen);
  const failWith = (name: string, err: Error | string) => (_req: express.Request, _res: express.Response, next: express.NextFunction) => {
    seen.push(name);
    next(err);
  };
  const makeApp = (mode: Mode) => {
    const app = express();
    app.use(step('first'));
    app.use((req, _res, next) => {
      if (req.path === '/throw') throw new Error('thrown');
      next();
    });
    app.use(async (req, _res, next) => {
      if (req.path === '/reject') throw new Error('rejected');
      next();
    });
    app.use((req, res, next) => {
      if (req.path === '/fail') return failWith('fail', new Error('passed'))(req, res, next);
      if (req.path === '/leave') return failWith('leave', 'router')(req, res, next);
      if (req.path === '/skip') return failWith('skip', 'route')(req, res, next);
      next();
    });
    app.use((req, res, next) => {
      if (req.path === '/ok' || req.path === '/skip') res.json({ by: 'ok', params: req.params, baseUrl: req.baseUrl, locals: typeof res.locals });
      else next();
    });
    app.use((err: Error, req: express.Request, _res: express.Response, next: express.NextFunction) => {
      seen.push('first error handler');
      next(req.path === '/fail' ? err : new Error(`wrapped ${err.message}`));
    });
    app.use(step('not after an error'));
    app.use((err: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(500).json({ by: `error ${err.message}` });
    });
    if (mode === 'direct') {
      const before = (app as unknown as { handle: unknown }).handle;
      runRootLayersDirectly(app);
      expect((app as unknown as { handle: unknown }).handle).not.toBe(before);
    }
    return app;
  };

  const bases: Record<Mode, string> = { direct: '', express: '' };
  const servers: Server[] = [];
  beforeAll(async () => {
    for (const mode of ['direct', 'express'] as const) {
      const server = makeApp(mode).listen(0, '127.0.0.1');
      servers.push(server);
      await new Promise((r) => server.once('listening', r));
      bases[mode] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
  });
  afterAll(() => Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r())))));

  const get = async (mode: Mode, path: string) => {
    seen.length = 0;
    const res = await fetch(bases[mode] + path);
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text(), seen: [...seen] };
  };

  it.each(['/ok', '/throw', '/reject', '/fail', '/leave', '/skip', '/none'])('%s answers as through Express’s app router', async (path) => {
    const direct = await get('direct', path);
    expect(direct).toEqual(await get('express', path));
    expect(direct.seen[0]).toBe('first');
  });

  it('runs the handlers in order with what the router sets for a root layer', async () => {
    expect(JSON.parse((await get('direct', '/ok')).body)).toEqual({ by: 'ok', params: {}, baseUrl: '', locals: 'object' });
    expect(await get('direct', '/fail')).toMatchObject({ status: 500, body: JSON.stringify({ by: 'error passed' }), seen: ['first', 'fail', 'first error handler'] });
    expect(await get('direct', '/none')).toMatchObject({ status: 404, seen: ['first', 'not after an error'] });
  });

  it('leaves an app with middleware under a path as it is', () => {
    const app = express();
    app.use('/api', step('api'));
    const before = (app as unknown as { handle: unknown }).handle;
    runRootLayersDirectly(app);
    expect((app as unknown as { handle: unknown }).handle).toBe(before);
  });
});

describe('requestClassesOf', () => {
  it("makes requests and responses with the app's prototypes: Express's methods work and no prototype is changed per request", async () => {
    const app = express();
    app.use((req, res) => {
      // req.get and res.json come from app.request / app.response.
      res.json({ host: req.get('host') !== undefined, path: req.path, own: inherits(req, app.request) && inherits(res, app.response) });
    });
    runRootLayersDirectly(app);
    const server = createServer(requestClassesOf(app), app);
    server.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const realSetPrototypeOf = Object.setPrototypeOf;
    let changed = 0;
    Object.setPrototypeOf = (o: object, proto: object | null) => {
      changed++;
      return realSetPrototypeOf(o, proto);
    };
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/a/b`);
      expect(await res.json()).toEqual({ host: true, path: '/a/b', own: true });
      expect(changed).toBe(0);
    } finally {
      Object.setPrototypeOf = realSetPrototypeOf;
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
