import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { Application, RequestHandler } from 'express';
import { z } from 'zod';
import type { Scope } from '../identity.ts';
import { contractComponents } from '../lib/contract.ts';
import { type Access, routeAccess } from './access.ts';
import { jsonBodyOnly } from './body-type.ts';
import { listRoutes, type ServedRoute } from './routes.ts';

/**
 * The OpenAPI 3.1 document is generated from the Express router itself: every
 * route carries a `describeRoute({...})` declaration among its handlers, and
 * the generator walks the router, so the path, the method and the
 * authentication (which login middleware the route uses) come from the code
 * that serves the route and cannot drift from it. Request schemas are the same
 * zod schemas the handler parses with (converted by @asteasolutions/zod-to-openapi,
 * which uses zod 4's JSON Schema output: OpenAPI 3.1 schemas are JSON Schema 2020-12).
 */

/** Statuses a route may declare beyond those implied by its middleware and schemas. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502 | 503;

/** Error keys named in a description: every `` `api.…` `` in backticks. */
export function namedKeys(text: string): string[] {
  return [...new Set([...text.matchAll(/`(api\.[A-Za-z0-9_.]+)`/g)].map((m) => m[1]!))];
}

/** One route's documentation, declared beside the route. */
export interface RouteDoc {
  /** One line, shown in the reference. */
  summary: string;
  /** Longer text (CommonMark). */
  description?: string;
  /** Groups operations in the reference; default: the first path segment after `/api/`. */
  tag?: string;
  /** The JSON body schema (the one the handler parses). */
  body?: z.ZodType;
  /** A body of another media type, e.g. `{ 'multipart/form-data': z.object({ file: z.string() }) }`. */
  bodyContent?: Record<string, z.ZodType>;
  /** Query string schema (an object schema, or one piped into a transform). */
  query?: z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>;
  /** Request headers the route reads (an object schema keyed by header name, e.g. tus' `Upload-Length`). */
  headers?: z.ZodObject;
  /** Path parameter schema; by default every `:name` of the path is a required string. */
  params?: z.ZodObject;
  /** Success body, exact: `okWith({...})` from src/lib/contract.ts (with `component`s for shared shapes). */
  response?: z.ZodType;
  /** Success status when it is not 200: 201 Created, 204 No Content, or 302 Found (a redirect, no body). */
  status?: 201 | 204 | 302;
  /** The success answer has no body (e.g. tus' 201); implied by 204 and by HEAD. */
  emptyBody?: true;
  /** Headers of the success response (an object schema keyed by header name). */
  responseHeaders?: z.ZodObject;
  /** Other answers that carry no JSON body, by status, in words (206 Partial Content, 304, a protocol's own failures). */
  otherResponses?: Partial<Record<number, string>>;
  /** What the success response is, in words (default "Success"). */
  responseDescription?: string;
  /** Media type of the success response when it is not JSON; the wildcard for content served with its own type (uploaded files). */
  produces?: 'text/plain' | 'text/html' | '*/*';
  /**
   * Failures this route answers besides the implied ones (400 for a schema, 401/403/429 for login), with
   * when; name every error key in backticks (`` `api.group.notFound` ``): the document lists them as the
   * status's only keys, and the test harness fails on an answer with a key the route does not name.
   */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** `metricsToken`: a bearer token that is required only when configured. */
  security?: 'metricsToken';
  /** The handler reads the body itself whatever its type (tus' creation-with-upload): no 415 for a non-JSON body. */
  readsOwnBody?: true;
}

const ROUTE_DOC = Symbol('chat.routeDoc');

type DescribedHandler = RequestHandler & { [ROUTE_DOC]: RouteDoc };

/**
 * Declares a route for the OpenAPI document. Put it among the route's
 * handlers, before the login middleware:
 * `r.post('/api/login', describeRoute({ summary: 'Log in', body: loginBody }), handler)`.
 * At run time it holds the route to the body types it declares: a route
 * without `bodyContent` takes JSON or nothing (415 otherwise, body-type.ts).
 */
export function describeRoute(doc: RouteDoc): RequestHandler {
  const ownBody = doc.bodyContent !== undefined || doc.readsOwnBody === true;
  const handler: RequestHandler = ownBody ? (_req, _res, next) => next() : (req, res, next) => jsonBodyOnly(req, res, next);
  return Object.assign(handler, { [ROUTE_DOC]: doc }) satisfies DescribedHandler;
}

function docOf(handle: unknown): RouteDoc | undefined {
  return typeof handle === 'function' && ROUTE_DOC in handle ? (handle as DescribedHandler)[ROUTE_DOC] : undefined;
}

/** `/api/groups/:gid` → `/api/groups/{gid}`; Express 5 wildcards `*rest` too; optional braces dropped. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/[{}]/g, '').replace(/[:*]([A-Za-z_$][\w$]*)/g, '{$1}');
}

const failure = z
  .object({
    ok: z.literal(false),
    error: z.string().describe('An i18n key (`api.<area>.<reason>`), for display'),
  })
  .meta({ description: 'Every failure: `{ok:false, error}` with the status of spec section 7' });

const IMPLIED_ERRORS: Record<string, string> = {
  400: 'Invalid parameters (`api.badRequest`, with `field`) or a body that is not valid JSON (`api.invalidJson`)',
  401: 'Not logged in (`api.unauthorized`), or an unknown (`api.key.bad`), revoked (`api.key.revoked`) or expired (`api.key.expired`) API key',
  403: 'Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key without the scope (`api.forbidden`)',
  413: 'Request body too large (`api.tooLarge`)',
  415: 'A body that is not JSON (`api.unsupportedMediaType`)',
  429: 'API-key rate window exhausted (`api.rateLimited`, `Retry-After`)',
  503: 'A dependency (database, Redis, storage) is unavailable: retry after `Retry-After` (`api.unavailable`)',
  500: 'An unexpected failure of the server (`api.internal`); never an answer to bad input',
};
const MALFORMED_PATH = 'A path parameter whose percent-encoding is malformed (`api.badRequest`)';
const CROSS_SITE = 'a cookie-authenticated request from a foreign origin (`api.originForbidden`)';
/** The ip-ban gate runs before every route (src/app.ts, `ipBanGate`). */
const IP_BANNED = 'the caller’s address is under an ip ban (`api.penalty.ipBanned`)';

function impliedErrors(doc: RouteDoc, access: Access, unsafe: boolean, hasPathParams: boolean): Record<number, string> {
  const errs: Record<number, string> = { 500: IMPLIED_ERRORS[500]!, 503: IMPLIED_ERRORS[503]! };
  if (doc.body || doc.bodyContent || doc.query || doc.params) errs[400] = IMPLIED_ERRORS[400]!;
  // Express answers 400 for a path parameter it cannot percent-decode, whether or not the route validates it.
  else if (hasPathParams) errs[400] = MALFORMED_PATH;
  if (access !== 'public') {
    errs[401] = IMPLIED_ERRORS[401]!;
    errs[403] = IMPLIED_ERRORS[403]!;
  }
  if (access === 'cookie') errs[403] = 'Account not active (`api.login.banned`, `api.login.pending`, `api.login.rejected`), or an API key was used (`api.keyNotAllowed`)';
  if (access === 'admin') errs[403] = `Not an administrator, or an API key without the admin scope (\`api.forbidden\`); ${IMPLIED_ERRORS[403]}`;
  if (unsafe && access !== 'public') errs[403] = `${errs[403]}; ${CROSS_SITE}`;
  else if (unsafe) errs[403] = `A cookie-carrying request from a foreign origin (\`api.originForbidden\`)`;
  errs[403] = errs[403] ? `${errs[403]}; ${IP_BANNED}` : `The caller’s address is under an ip ban (\`api.penalty.ipBanned\`)`;
  if (access === 'login' || access === 'admin') errs[429] = IMPLIED_ERRORS[429]!;
  // A body, or a query/path value over its length limit (validate.ts answers 413 for `*.tooLarge`).
  if (doc.body || doc.bodyContent || doc.query || doc.params) errs[413] = IMPLIED_ERRORS[413]!;
  if (unsafe && !doc.bodyContent && !doc.readsOwnBody) errs[415] = IMPLIED_ERRORS[415]!;
  for (const [status, when] of Object.entries(doc.errors ?? {})) {
    const implied = errs[Number(status)];
    if (when) errs[Number(status)] = implied ? `${when}. Also: ${implied}` : when;
  }
  return errs;
}

function security(access: Access, scope: Scope | undefined, doc: RouteDoc): Array<Record<string, string[]>> {
  if (doc.security === 'metricsToken') return [{}, { metricsToken: [] }];
  if (access === 'public') return [];
  if (access === 'cookie') return [{ cookieAuth: [] }, { sessionToken: [] }];
  const scopes = scope ? [scope] : [];
  return [{ cookieAuth: [] }, { sessionToken: [] }, { bearerAuth: scopes }, { apiKeyAuth: scopes }];
}

/** Every `{name}` of an OpenAPI path as a required string parameter. */
function pathParams(path: string): z.ZodObject | undefined {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  return names.length ? z.object(Object.fromEntries(names.map((n) => [n, z.string()]))) : undefined;
}

function defaultTag(path: string): string {
  return path.split('/').filter(Boolean)[path.startsWith('/api/') ? 1 : 0] ?? 'api';
}

/** A zod schema as an OpenAPI 3.1 schema object (JSON Schema 2020-12 without the dialect marker). */
function componentSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
}

const COMPONENT_REF = (id: string) => `#/components/schemas/${id}`;

/** The shared components (src/lib/contract.ts) as OpenAPI schemas referring to each other. */
function sharedComponents(): Record<string, Record<string, unknown>> {
  const { schemas } = z.toJSONSchema(contractComponents, { io: 'output', unrepresentable: 'any', uri: COMPONENT_REF });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema as Record<string, unknown>]),
  );
}

/** A route's success body as an OpenAPI schema; shared components become `$ref`s. */
function responseSchema(schema: z.ZodType | undefined, route: ServedRoute): Record<string, unknown> {
  // openapi.test.ts fails on any route left without its answer's schema.
  if (!schema) {
    return { type: 'object', properties: { ok: { const: true } }, required: ['ok'], additionalProperties: {}, 'x-undeclared': `${route.method} ${route.path}` };
  }
  const { $schema: _dialect, $defs: _defs, ...rest } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    metadata: contractComponents,
  });
  // Shared shapes come out as `#/$defs/<id>`: point them at the document's components instead.
  return JSON.parse(JSON.stringify(rest).replaceAll('"#/$defs/', '"#/components/schemas/'));
}

export interface DocumentInfo {
  title: string;
  version: string;
  description?: string;
  /** Base URL of the server (PUBLIC_URL); default: the same origin. */
  serverUrl?: string;
}

/** The OpenAPI document of the routes this app serves, and the routes that carry no declaration. */
export function buildOpenApiDocument(
  app: Application,
  info: DocumentInfo,
): { document: ReturnType<OpenApiGeneratorV31['generateDocument']>; undocumented: ServedRoute[] } {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'cookieAuth', {
    type: 'apiKey',
    in: 'cookie',
    name: 'chat_token',
    description: 'Session cookie set by /api/login (full rights, no scope needed)',
  });
  registry.registerComponent('securitySchemes', 'sessionToken', {
    type: 'http',
    scheme: 'bearer',
    description:
      'The session token itself as `Authorization: Bearer <token>` (answered by /api/login and /api/twofa/verify with `token: true`, for native clients): the full rights of the cookie, no scope. Told from an API key by its format',
  });
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'API key as `Authorization: Bearer key_…`; needs the listed scope',
  });
  registry.registerComponent('securitySchemes', 'apiKeyAuth', {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'API key as `X-API-Key`; needs the listed scope',
  });
  registry.registerComponent('securitySchemes', 'metricsToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'METRICS_TOKEN, required only when configured',
  });
  // Plain JSON Schema components: `registry.register` would need zod's prototype extended globally.
  const failureRef = registry.registerComponent('schemas', 'Failure', componentSchema(failure)).ref;
  for (const [id, schema] of Object.entries(sharedComponents())) registry.registerComponent('schemas', id, schema);
  /** A failure whose `error` is one of the keys the description names. */
  const failureWith = (when: string) => {
    const keys = namedKeys(when);
    return keys.length ? { allOf: [failureRef, { properties: { error: { enum: keys } } }] } : failureRef;
  };

  const undocumented: ServedRoute[] = [];
  for (const route of listRoutes(app)) {
    const doc = route.handlers.map(docOf).find((d) => d !== undefined);
    const rule = routeAccess(route);
    if (!doc || !rule || route.method === 'ALL') {
      undocumented.push(route);
      continue;
    }
    const path = openApiPath(route.path);
    const { access, scope } = rule;
    const body: Record<string, { schema: z.ZodType }> = {};
    if (doc.body) body['application/json'] = { schema: doc.body };
    for (const [type, schema] of Object.entries(doc.bodyContent ?? {})) body[type] = { schema };

    const status = doc.status ?? 200;
    // A HEAD answer never has a body (RFC 9110); its headers say it all.
    const bodyless = doc.emptyBody === true || status === 204 || status === 302 || route.method === 'HEAD';
    const responses: RouteConfig['responses'] = {
      [status]: {
        description: doc.responseDescription ?? (status === 204 ? 'Done (no content)' : 'Success'),
        ...(doc.responseHeaders ? { headers: doc.responseHeaders } : {}),
        ...(bodyless
          ? {}
          : {
              content: doc.produces
                ? { [doc.produces]: { schema: z.string() } }
                : { 'application/json': { schema: responseSchema(doc.response, route) } },
            }),
      },
    };
    for (const [code, when] of Object.entries(doc.otherResponses ?? {})) {
      if (when) responses[code] = { description: when };
    }
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
    for (const [code, when] of Object.entries(impliedErrors(doc, access, unsafe, pathParams(path) !== undefined))) {
      responses[code] = { description: when, content: { 'application/json': { schema: failureWith(when) } } };
    }

    registry.registerPath({
      method: route.method.toLowerCase() as RouteConfig['method'],
      path,
      operationId: `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      tags: [doc.tag ?? defaultTag(path)],
      security: security(access, scope, doc),
      ...(scope ? { 'x-scope': scope } : {}),
      'x-access': access,
      request: {
        ...(Object.keys(body).length ? { body: { required: true, content: body } } : {}),
        ...(doc.query ? { query: doc.query } : {}),
        ...(doc.headers ? { headers: doc.headers } : {}),
        ...((doc.params ?? pathParams(path)) ? { params: doc.params ?? pathParams(path) } : {}),
      },
      responses,
    });
  }

  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, ...(info.description ? { description: info.description } : {}) },
    servers: [{ url: info.serverUrl ?? '/' }],
  });
  return { document, undocumented };
}
