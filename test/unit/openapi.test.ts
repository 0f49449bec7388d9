import express, { Router } from 'express';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assertAccessDeclared, open, withAccess } from '../../src/http/access.ts';
import { buildOpenApiDocument, describeRoute, openApiPath } from '../../src/http/openapi.ts';
import { listRoutes } from '../../src/http/routes.ts';


describe('openApiPath', () => {
  it.each([
    ['/api/me', '/api/me'],
    ['/api/groups/:gid', '/api/groups/{gid}'],
    ['/api/groups/:gid/members/:name', '/api/groups/{gid}/members/{name}'],
    ['/api/tus{/*rest}', '/api/tus/{rest}'],
  ])('%s → %s', (express, openapi) => {
    expect(openApiPath(express)).toBe(openapi);
  });
});

describe('listRoutes and buildOpenApiDocument', () => {
  const login = withAccess((_req, _res, next) => next(), { access: 'login', scope: 'groups.read' });
  const app = express();
  const r = Router();
  r.get('/api/things/:id', describeRoute({ summary: 'One thing' }), login, (_req, res) => {
    res.json({ ok: true });
  });
  r.post('/api/things', describeRoute({ summary: 'Make a thing', body: z.object({ name: z.string().max(10) }) }), open, (_req, res) => {
    res.json({ ok: true });
  });
  r.delete('/api/things', open, (_req, res) => {
    res.json({ ok: true });
  });
  const mounted = Router();
  mounted.get('/status', describeRoute({ summary: 'Mounted' }), open, (_req, res) => {
    res.json({ ok: true });
  });
  app.use(r);
  app.use('/api/sub', mounted);

  it('lists routes of mounted routers with their mount path', () => {
    expect(listRoutes(app).map((x) => `${x.method} ${x.path}`)).toEqual([
      'GET /api/things/:id',
      'POST /api/things',
      'DELETE /api/things',
      'GET /api/sub/status',
    ]);
  });

  it('documents declared routes and reports the rest as undocumented', () => {
    const { document, undocumented } = buildOpenApiDocument(app, { title: 't', version: '1' });
    expect(undocumented.map((x) => `${x.method} ${x.path}`)).toEqual(['DELETE /api/things']);
    const one = document.paths?.['/api/things/{id}']?.get;
    expect(one?.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
    expect(one?.['x-access']).toBe('login');
    expect(one?.['x-scope']).toBe('groups.read');
    expect(one?.security).toContainEqual({ bearerAuth: ['groups.read'] });
    expect(document.paths?.['/api/things']?.post?.responses?.['413']).toBeDefined();
    expect(document.paths?.['/api/sub/status']?.get?.summary).toBe('Mounted');
  });
});

describe('answers beyond a JSON 200', () => {
  const app = express();
  const r = Router();
  const handler: express.RequestHandler = (_req, res) => {
    res.status(204).end();
  };
  r.post(
    '/api/files{/*id}',
    describeRoute({
      summary: 'Create',
      headers: z.object({ 'Upload-Length': z.string() }),
      status: 201,
      emptyBody: true,
      responseHeaders: z.object({ Location: z.string() }),
      otherResponses: { 412: 'Protocol version not supported' },
    }),
    open,
    handler,
  );
  r.head('/api/files{/*id}', describeRoute({ summary: 'Offset', responseHeaders: z.object({ 'Upload-Offset': z.string() }) }), open, handler);
  r.delete('/api/files{/*id}', describeRoute({ summary: 'Drop', status: 204 }), open, handler);
  r.get('/files/:name', describeRoute({ summary: 'Content', produces: '*/*', otherResponses: { 206: 'A range' } }), open, handler);
  app.use(r);
  const { document, undocumented } = buildOpenApiDocument(app, { title: 't', version: '1' });
  const item = document.paths?.['/api/files/{id}'];
  type Answer = { headers?: Record<string, unknown>; content?: Record<string, unknown>; description?: string };
  const answer = (op: { responses?: Record<string, unknown> } | undefined, code: string): Answer => (op?.responses?.[code] ?? {}) as Answer;

  it('documents every method of a route with an optional segment under one path', () => {
    expect(undocumented).toEqual([]);
    expect(Object.keys(item ?? {}).sort()).toEqual(['delete', 'head', 'post']);
  });

  it('takes the success status, request and response headers, and bodiless answers from the declaration', () => {
    const post = item?.post;
    // Beside its own: a path parameter Express cannot percent-decode (400), a foreign origin (403), a
    // non-JSON body (415), and what any route may answer (500, 503).
    expect(Object.keys(post?.responses ?? {}).sort()).toEqual(['201', '400', '403', '412', '415', '500', '503']);
    const created = answer(post, '201');
    expect(created.headers).toHaveProperty('Location');
    expect(created.content).toBeUndefined();
    expect(post?.parameters).toContainEqual(expect.objectContaining({ name: 'Upload-Length', in: 'header', required: true }));
    // No schema was given for the headers' values to be parsed with: the 400 is the path's alone.
    expect(answer(post, '400').description).toMatch(/^A path parameter whose percent-encoding is malformed/);
    expect(answer(post, '412').content).toBeUndefined();
  });

  it('gives HEAD and 204 answers no body', () => {
    const head = answer(item?.head, '200');
    expect(head.headers).toHaveProperty('Upload-Offset');
    expect(head.content).toBeUndefined();
    expect(answer(item?.delete, '204').content).toBeUndefined();
  });

  it('serves content of any type with the wildcard media type', () => {
    const get = document.paths?.['/files/{name}']?.get;
    expect(Object.keys(answer(get, '200').content ?? {})).toEqual(['*/*']);
    expect(answer(get, '206')).toEqual({ description: 'A range' });
  });
});


describe('access declarations', () => {
  const pass: express.RequestHandler = (_req, _res, next) => next();
  const login = withAccess(pass, { access: 'login', scope: 'messages.send' });

  it('accept routes with exactly one access middleware', () => {
    const app = express();
    app.post('/api/a', login, pass);
    app.get('/api/b', open, pass);
    expect(() => assertAccessDeclared(listRoutes(app))).not.toThrow();
  });

  it('refuse, by name, a route that declares none or two', () => {
    const app = express();
    const r = Router();
    r.post('/api/none', pass);
    r.post('/api/both', open, login, pass);
    r.get('/api/fine', login, pass);
    app.use(r);
    expect(() => assertAccessDeclared(listRoutes(app))).toThrow(/POST \/api\/none, POST \/api\/both$/);
  });
});
