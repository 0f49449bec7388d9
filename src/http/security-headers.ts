import type { Express as ExpressApp, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * The headers that protect any answer, a JSON one too: it must not be framed, sniffed into
 * another type, read by another origin's page as a resource, sent over plain HTTP again or leak
 * its URL as a referrer. The rest of helmet's set (opener isolation, agent clusters, DNS
 * prefetching, legacy download and cross-domain-policy switches, the old XSS filter) only means
 * something to a browser rendering a document.
 */
const EVERY_ANSWER = new Set([
  'content-security-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
]);

/** helmet's headers with a policy that lets an answer load nothing: computed once, they depend on no request. */
function helmetHeaders(): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  // No defaults merged in: they would loosen `default-src 'none'` (styles, images, fonts from elsewhere).
  const csp = { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } };
  helmet({ contentSecurityPolicy: csp })({} as never, recorder as never, () => {});
  return headers;
}

const isJson = (type: unknown): boolean => typeof type === 'string' && type.startsWith('application/json');

/**
 * Security headers, set in one loop rather than by helmet's eleven middlewares. Every answer gets
 * EVERY_ANSWER; an answer that is not JSON (the web client's pages, the API reference, a download,
 * an HTML error) also gets the document-only ones, added as its head is written, when its type is
 * known. A JSON answer, the hot path, sends six headers fewer (docs/decisions.md, "Security
 * headers by what the answer is"). A route that sets its own value (the web client's CSP) keeps it.
 */
export function securityHeaders(app: ExpressApp): RequestHandler {
  const all = helmetHeaders();
  const every = all.filter(([name]) => EVERY_ANSWER.has(name.toLowerCase()));
  const documentOnly = all.filter(([name]) => !EVERY_ANSWER.has(name.toLowerCase()));
  // Node writes every head through writeHead (an implicit head too): one place sees them all.
  const writeHead = app.response.writeHead as (this: Response, ...args: unknown[]) => Response;
  app.response.writeHead = function writeHeadWithDocumentHeaders(this: Response, ...args: unknown[]) {
    if (!isJson(this.getHeader('Content-Type'))) {
      for (const [name, value] of documentOnly) if (!this.hasHeader(name)) this.setHeader(name, value);
    }
    return writeHead.apply(this, args);
  } as typeof app.response.writeHead;
  return (_req, res, next) => {
    for (const [name, value] of every) res.setHeader(name, value);
    next();
  };
}
