import { createHash } from 'node:crypto';
import type { Application, Request, Router } from 'express';
import { z } from 'zod';
import type { RouteDeps } from './deps.ts';
import { VERSION } from '../version.ts';
import { buildOpenApiDocument, describeRoute } from './openapi.ts';
import { apiRouter } from './routes.ts';
import { open } from './access.ts';
import { buildAsyncApiDocument } from '../realtime/asyncapi.ts';

type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>['document'];

/** The answer of GET /api/openapi.json: an OpenAPI 3.1 document (its own schema is the OpenAPI specification's). */
const openApiDocument = z
  .looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.looseObject({})).describe('Every operation, by path and method'),
    components: z.looseObject({}).optional(),
  })
  .describe('An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0)');

const DESCRIPTION =
  'HTTP API of the chat service. Every response is `{ok:true,...}` or `{ok:false, error}`. ' +
  'Real-time traffic uses Socket.IO at `/ws`: its AsyncAPI 3.0 document is `/api/asyncapi.json` (narrative: docs/protocol.md).';

/** The AsyncAPI document's outline (its parts are checked by asyncapi.test.ts). */
const asyncApiShape = z.looseObject({
  asyncapi: z.literal('3.0.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  servers: z.record(z.string(), z.looseObject({})),
  channels: z.record(z.string(), z.looseObject({})),
  operations: z.record(z.string(), z.looseObject({})),
  components: z.looseObject({}),
});

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document generated from the routes'
 * declarations), GET /api/asyncapi.json (the AsyncAPI 3.0 document of the
 * Socket.IO protocol, generated from the event map) and GET /api/docs (a
 * reference page rendered from the OpenAPI document on the server: no script,
 * no CDN, readable offline). The HTTP ones are built once, on first request,
 * from the routes this node serves.
 */
export function apiDocsRoutes(deps: RouteDeps): Router {
  const r = apiRouter();
  const cache = new WeakMap<Application, { json: string; html: string }>();
  const rendered = (app: Application) => {
    let entry = cache.get(app);
    if (!entry) {
      const { document } = buildOpenApiDocument(app, {
        title: 'Chat Service API',
        version: VERSION,
        description: DESCRIPTION,
        serverUrl: deps.ctx.config.publicUrl,
      });
      entry = { json: JSON.stringify(document), html: renderReference(document) };
      cache.set(app, entry);
    }
    return entry;
  };

  r.get(
    '/api/openapi.json',
    describeRoute({ summary: 'This OpenAPI 3.1 document', tag: 'operations', response: openApiDocument, responseDescription: 'The document' }),
    open,
    (req, res) => {
      res.type('application/json').send(rendered(req.app).json);
    },
  );

  r.get(
    '/api/asyncapi.json',
    describeRoute({
      summary: 'The AsyncAPI 3.0 document of the Socket.IO protocol',
      description: 'Every event both ways with its payload schema, and the acknowledgement of each client event (docs/protocol.md is the narrative).',
      tag: 'operations',
      response: asyncApiShape,
      responseDescription: 'The document',
    }),
    open,
    (req, res) => {
      const document = buildAsyncApiDocument({ title: 'Chat Service realtime API', version: VERSION, baseUrl: baseUrl(req, deps.ctx.config.publicUrl) });
      res.type('application/json').send(JSON.stringify(document));
    },
  );

  r.get(
    '/api/docs',
    describeRoute({ summary: 'Browsable API reference', tag: 'operations', produces: 'text/html' }),
    open,
    (req, res) => {
      res.set('Content-Security-Policy', `default-src 'none'; style-src '${STYLE_HASH}'; frame-ancestors 'none'`);
      res.type('text/html').send(rendered(req.app).html);
    },
  );

  return r;
}

/** Where clients reach this server: PUBLIC_URL, else the request's own origin (X-Forwarded-Proto only under TRUST_PROXY). */
function baseUrl(req: Request, publicUrl: string | undefined): URL {
  try {
    return new URL(publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  } catch {
    return new URL('http://localhost');
  }
}

const STYLE = `
body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1d2330;background:#fafbfc}
header,main,nav{max-width:960px;margin:0 auto;padding:0 16px}
header{padding-top:16px}h1 small{font-weight:normal;color:#666;font-size:60%}
nav a{margin-right:12px}h2{border-bottom:1px solid #ddd;padding-bottom:4px;margin-top:32px}
details{background:#fff;border:1px solid #e1e4e8;border-radius:6px;margin:6px 0}
summary{cursor:pointer;padding:8px 10px}summary code{font-weight:600}
.body{padding:0 12px 12px;border-top:1px solid #eee}
.m{display:inline-block;min-width:58px;text-align:center;border-radius:4px;color:#fff;font:600 12px monospace;padding:2px 0}
.m-get{background:#2f7d32}.m-post{background:#1565c0}.m-delete{background:#c62828}.m-put,.m-patch{background:#ef6c00}.m-head,.m-options{background:#6a1b9a}
.auth{float:right;color:#555;font-size:13px}
pre{background:#f4f6f8;padding:8px;overflow:auto;font-size:12.5px;border-radius:4px}
table{border-collapse:collapse}td,th{border:1px solid #e1e4e8;padding:3px 8px;text-align:left;vertical-align:top}
`;

/** The CSP allows exactly this inline style and nothing else. */
const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;

const esc = (s: unknown): string =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Escaped text with `code spans` of the CommonMark descriptions shown as code. */
const text = (s: unknown): string => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>');

/** A schema as indented JSON; a bare reference as a link to the schemas section. */
function pretty(schema: unknown): string {
  const ref = asObject(schema).$ref;
  if (typeof ref === 'string' && Object.keys(asObject(schema)).length === 1) {
    const name = ref.split('/').pop() ?? ref;
    return ` → <a href="#schema-${esc(anchor(name))}">${esc(name)}</a>`;
  }
  return `<pre>${esc(JSON.stringify(schema, null, 2))}</pre>`;
}

const anchor = (s: string): string => s.replace(/[^A-Za-z0-9]+/g, '-');

type Loose = Record<string, unknown>;
const asObject = (v: unknown): Loose => (v && typeof v === 'object' ? (v as Loose) : {});

function renderOperation(method: string, path: string, op: Loose): string {
  const tokenOnly = Array.isArray(op.security) && op.security.some((s) => 'metricsToken' in asObject(s));
  const access = tokenOnly ? 'METRICS_TOKEN when set' : String(op['x-access'] ?? 'public');
  const scope = op['x-scope'] ? ` · scope <code>${esc(op['x-scope'])}</code>` : '';
  const parts: string[] = [];
  if (op.description) parts.push(`<p>${text(op.description)}</p>`);

  const params = Array.isArray(op.parameters) ? (op.parameters as Loose[]) : [];
  if (params.length) {
    const rows = params
      .map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${pretty(p.schema)}</td></tr>`)
      .join('');
    parts.push(`<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>${rows}</table>`);
  }

  const body = asObject(asObject(op.requestBody).content);
  for (const [type, media] of Object.entries(body)) {
    parts.push(`<h4>Request body <code>${esc(type)}</code></h4>${pretty(asObject(media).schema)}`);
  }

  // The success answer is the first declared (200, or 201/204 for routes that say so).
  const successStatus = Object.keys(asObject(op.responses)).find((st) => st.startsWith('2'));
  const responses = Object.entries(asObject(op.responses))
    .map(([status, res]) => {
      const content = asObject(asObject(res).content);
      const [type, media] = Object.entries(content)[0] ?? [];
      const success = status === successStatus;
      const schema = !success || !type ? '' : type === 'application/json' ? pretty(asObject(media).schema) : ` <code>${esc(type)}</code>`;
      const headers = Object.keys(asObject(asObject(res).headers));
      const headerList = headers.length ? ` · headers ${headers.map((h) => `<code>${esc(h)}</code>`).join(', ')}` : '';
      return `<li><b>${esc(status)}</b> ${text(asObject(res).description ?? '')}${headerList}${schema}</li>`;
    })
    .join('');
  parts.push(`<h4>Responses</h4><ul>${responses}</ul>`);

  const id = anchor(`${method}-${path}`);
  return (
    `<details id="${esc(id)}"><summary><span class="m m-${esc(method)}">${esc(method.toUpperCase())}</span> ` +
    `<code>${esc(path)}</code> ${text(op.summary ?? '')}<span class="auth">${esc(access)}${scope}</span></summary>` +
    `<div class="body">${parts.join('')}</div></details>`
  );
}

/** A self-contained HTML reference of an OpenAPI document, grouped by tag. */
export function renderReference(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(asObject(doc.paths))) {
    for (const [method, op] of Object.entries(asObject(item))) {
      const o = asObject(op);
      const tag = Array.isArray(o.tags) && typeof o.tags[0] === 'string' ? o.tags[0] : 'api';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, o)]);
    }
  }
  const tags = [...byTag.keys()].sort();
  const nav = tags.map((t) => `<a href="#tag-${esc(anchor(t))}">${esc(t)}</a>`).join('');
  const sections = tags
    .map((t) => `<section id="tag-${esc(anchor(t))}"><h2>${esc(t)}</h2>${byTag.get(t)!.join('')}</section>`)
    .join('');
  const schemas = Object.entries(asObject(asObject(doc.components).schemas))
    .map(([name, schema]) => `<details id="schema-${esc(anchor(name))}"><summary><code>${esc(name)}</code></summary><div class="body">${pretty(schema)}</div></details>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(doc.info.title)} reference</title><style>${STYLE}</style></head>
<body><header><h1>${esc(doc.info.title)} <small>${esc(doc.info.version)} · OpenAPI ${esc(doc.openapi)}</small></h1>
<p>${text(doc.info.description ?? '')}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (HTTP, OpenAPI) · <a href="/api/asyncapi.json">/api/asyncapi.json</a> (Socket.IO events, AsyncAPI)</p></header>
<nav>${nav}<a href="#schemas">schemas</a></nav>
<main>${sections}<section id="schemas"><h2>schemas</h2>${schemas}</section></main></body></html>`;
}
