import type { AddressInfo } from 'node:net';
import express, { type RequestHandler, Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSequence } from '../../src/http/server.ts';
import { apiRouter, listRoutes, routedByPath } from '../../src/http/routes.ts';

/**
 * routedByPath hands a request only to the routers that may serve its path: the answers must be
 * those of `app.use` of each router in turn. Over real HTTP, against a small app.
 */
describe('routedByPath', () => {
  const seen: string[] = [];
  const mark =
    (name: string): RequestHandler =>
    (_req, _res, next) => {
      seen.push(name);
      next();
    };
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
  const anyCase = Router();
  anyCase.get('/api/shout', mark('d'), answer('d shout'));
  const makeApp = (routed: boolean) => {
    const app = express();
    app.set('case sensitive routing', true);
    if (routed) app.use(routedByPath([a, b, c, anyCase]));
    else for (const r of [a, b, c, anyCase]) app.use(r);
    app.use((_req, res) => {
      res.status(404).json({ by: 'none' });
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

  const get = async (mode: 'routed' | 'plain', path: string) => {
    seen.length = 0;
    const res = await fetch(bases[mode] + path);
    return { status: res.status, by: ((await res.json()) as { by?: string }).by, seen: [...seen] };
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
    ['/api/unknown', 404, 'none', []],
    ['/', 404, 'none', []],
  ])('%s → %i %s, as with app.use of each router', async (path, status, by, routers) => {
    expect(await get('routed', path)).toEqual({ status, by, seen: routers });
    expect(await get('plain', path)).toEqual({ status, by, seen: routers });
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
      'GET /api/shout',
    ]);
  });
});

describe('inSequence', () => {
  const run = async (steps: RequestHandler[]) => {
    const app = express();
    app.use(inSequence(steps));
    app.use((_req, res) => {
      res.json({ reached: true });
    });
    app.use((err: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(500).json({ error: err.message });
    });
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
