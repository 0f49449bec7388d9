import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../../src/http/openapi.ts';
import { listRoutes } from '../../src/http/routes.ts';
import { Client } from '../helpers/client.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';

let cluster: TestCluster;
// biome-ignore lint/suspicious/noExplicitAny: the document is inspected loosely.
let doc: any;
beforeAll(async () => {
  cluster = await startCluster();
  doc = (await new Client(cluster.a).get('/api/openapi.json')).body;
});
afterAll(() => cluster.close());

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.components.schemas.Failure).toBeDefined();
  });

  it('documents every route the Express router serves', () => {
    const routes = listRoutes(cluster.a.app.express);
    // The walker must see the routers at all (it reads Express internals).
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(['POST /api/login', 'GET /metrics']));
    const missing = routes
      .filter((r) => !doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.path}`);
    expect(missing, 'add describeRoute({...}) to these routes').toEqual([]);
  });

  it('covers the foundation modules', () => {
    for (const path of ['/api/register', '/api/login', '/api/me', '/api/keys', '/api/admin/approvals', '/api/health', '/api/ready', '/api/setup']) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  it('covers the files module: multipart uploads, tus by method, file serving, administration', () => {
    for (const type of ['multipart/form-data']) {
      expect(doc.paths['/api/upload'].post.requestBody.content[type], type).toBeDefined();
      expect(doc.paths['/api/upload/chunk'].post.requestBody.content[type], type).toBeDefined();
    }
    expect(doc.paths['/api/upload'].post['x-scope']).toBe('files.upload');
    expect(doc.paths['/api/upload/init'].post.requestBody.content['application/json'].schema.required).toEqual(['name', 'size']);
    const tus = doc.paths['/api/tus/{id}'];
    expect(Object.keys(tus).sort()).toEqual(['delete', 'head', 'options', 'patch', 'post']);
    expect(tus.post.responses['201'].headers.Location).toBeDefined();
    expect(tus.patch.requestBody.content['application/offset+octet-stream']).toBeDefined();
    expect(tus.patch.responses['204'].headers['Upload-Url']).toBeDefined();
    expect(tus.head.responses['200'].content).toBeUndefined();
    const serve = doc.paths['/uploads/{name}'].get;
    expect(serve['x-access']).toBe('public');
    expect(Object.keys(serve.responses['200'].content)).toEqual(['*/*']);
    expect(doc.paths['/api/admin/files'].get['x-access']).toBe('admin');
    expect(doc.paths['/api/admin/files/del-batch'].post.responses['413']).toBeDefined();
  });

  it('takes request schemas from the zod schemas the routes parse with', () => {
    const login = doc.paths['/api/login'].post;
    const schema = login.requestBody.content['application/json'].schema;
    expect(schema.properties.username.type).toBe('string');
    expect(schema.required).toEqual(['username', 'password']);
    const profile = doc.paths['/api/profile'].get;
    expect(profile.parameters).toContainEqual(expect.objectContaining({ name: 'name', in: 'query', required: false }));
  });

  it('derives authentication and the API-key scope from the route itself', () => {
    expect(doc.paths['/api/login'].post.security).toEqual([]);
    const me = doc.paths['/api/me'].get;
    expect(me['x-access']).toBe('login');
    expect(me['x-scope']).toBe('profile.read');
    expect(me.security).toContainEqual({ bearerAuth: ['profile.read'] });
    expect(me.responses['401']).toBeDefined();
    expect(me.security).toContainEqual({ sessionToken: [] });
    expect(doc.paths['/api/keys'].get.security).toEqual([{ cookieAuth: [] }, { sessionToken: [] }]);
    expect(doc.components.securitySchemes.sessionToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const approvals = doc.paths['/api/admin/approvals'].get;
    expect(approvals['x-access']).toBe('admin');
    expect(approvals['x-scope']).toBe('admin');
    expect(doc.paths['/api/pass'].post['x-scope']).toBe('security');
  });
});

describe('the conversation list and read markers', () => {
  it('describe their answers exactly (not the generic Success)', () => {
    const list = doc.paths['/api/conversations'].get;
    expect(list['x-scope']).toBe('messages.read');
    const body = list.responses['200'].content['application/json'].schema;
    expect(body.required).toEqual(['ok', 'conversations']);
    // The entry is the shared `Conversation` component.
    expect(body.properties.conversations.items).toEqual({ $ref: '#/components/schemas/Conversation' });
    const entry = doc.components.schemas.Conversation;
    expect(entry.anyOf.map((s: { required: string[] }) => s.required[0])).toEqual(['gid', 'dm']);
    expect(entry.anyOf[1].required).toEqual(expect.arrayContaining(['lastIdx', 'last', 'readIdx', 'unread', 'muted', 'online']));
    const read = doc.paths['/api/conversations/read'].post;
    expect(read['x-scope']).toBe('messages.read');
    expect(read.responses['200'].content['application/json'].schema.properties.idx).toBeDefined();
  });
});

describe('GET /api/docs', () => {
  it('is a self-contained HTML page listing every operation', async () => {
    const res = await new Client(cluster.a).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html: string = res.body.raw;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item as object)) expect(html).toContain(`id="${`${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-')}"`);
    }
    // Offline: no script and nothing loaded from elsewhere.
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\//i);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });
});

describe('every answer', () => {
  // biome-ignore lint/suspicious/noExplicitAny: the document is inspected loosely.
  type Op = { responses: Record<string, any> };
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, Op>).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op })),
    );

  it('has its real schema: no operation answers a generic or undeclared body', () => {
    expect(doc.components.schemas.Success).toBeUndefined();
    const undeclared = operations()
      .filter(({ op }) =>
        Object.entries(op.responses).some(([status, r]) => status.startsWith('2') && r.content?.['application/json']?.schema?.['x-undeclared']),
      )
      .map(({ where }) => where);
    expect(undeclared, 'declare `response: okWith({...})` in these routes').toEqual([]);
  });

  it('names its error keys: every JSON failure lists the keys it may carry', () => {
    const unnamed = operations().flatMap(({ where, op }) =>
      Object.entries(op.responses)
        .filter(([status, r]) => Number(status) >= 400 && r.content?.['application/json'] && !r.content['application/json'].schema.allOf)
        .map(([status]) => `${where} ${status}`),
    );
    expect(unnamed, 'name the keys in backticks in the error descriptions').toEqual([]);
    const login = doc.paths['/api/login'].post.responses;
    expect(login['401'].content['application/json'].schema.allOf[1].properties.error.enum).toContain('api.login.badCredentials');
  });

  it('shares the shapes the issue names as components', () => {
    for (const name of ['User', 'Me', 'Message', 'Conversation', 'Group', 'Member', 'Invitation', 'Key', 'File', 'Notification', 'Announcement', 'Penalty', 'Report', 'Appeal', 'AuditEntry']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    expect(doc.paths['/api/me'].get.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/Me');
  });
});
