/**
 * REST transport: every call is typed by the generated OpenAPI types
 * (`paths`, src/generated/openapi.ts) and made through openapi-fetch, against
 * whichever of the configured base URLs is current.
 */
import createClient, { type Client } from 'openapi-fetch';
import { authHeaders, type Credentials } from '../auth.ts';
import type { paths } from '../generated/openapi.ts';

/** The typed client: `api.GET('/api/me')`, `api.POST('/api/groups', {body: {name}})`, … */
export type Api = Client<paths>;

/** A failed call: the HTTP status and the server's i18n key (`api.<area>.<reason>`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
  ) {
    super(`${key} (${status})`);
    this.name = 'ApiError';
  }
}

/** The base URLs of the service (every node, or one balancer) and the one in use. */
export class Endpoints {
  readonly urls: readonly string[];
  private index = 0;

  constructor(urls: readonly string[]) {
    if (urls.length === 0) throw new Error('at least one base URL is needed');
    this.urls = urls.map((u) => u.replace(/\/+$/, ''));
  }

  get current(): string {
    return this.urls[this.index]!;
  }

  get currentIndex(): number {
    return this.index;
  }

  /** Makes `urls[index]` the current one (the socket is connected there). */
  use(index: number): void {
    this.index = ((index % this.urls.length) + this.urls.length) % this.urls.length;
  }

  /** `url` did not answer: move on to the next one, unless another call already did. */
  failed(url: string): void {
    if (this.current === url) this.use(this.index + 1);
  }
}

export interface TransportOptions {
  endpoints: Endpoints;
  credentials: Credentials;
  /** Defaults to the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
}

/** Methods that may be repeated against another node when the first one did not answer. */
const RETRYABLE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A fetch that sends each request to the current base URL with the
 * credentials' headers. When a node does not answer (a network error, not an
 * HTTP status), reads move on to the next base URL at once; writes fail (they
 * may have been carried out) but the next call goes elsewhere.
 */
export function endpointFetch(opts: TransportOptions): (request: Request) => Promise<Response> {
  const send = opts.fetch ?? ((r: Request) => globalThis.fetch(r));
  const first = opts.endpoints.urls[0]!;
  const headers = authHeaders(opts.credentials);
  const cookies = opts.credentials.kind === 'cookie' && !opts.credentials.cookie;
  return async (request) => {
    const rel = request.url.startsWith(first) ? request.url.slice(first.length) : new URL(request.url).pathname + new URL(request.url).search;
    const tries = RETRYABLE.has(request.method) ? opts.endpoints.urls.length : 1;
    // The body is read once, as bytes: a Request made from another Request's body carries it as a
    // stream, which Chromium sends only over HTTP/2 (over HTTP/1.1 the call fails with
    // ERR_ALPN_NEGOTIATION_FAILED), and bytes can be sent again to the next base URL.
    const body = request.body ? await request.arrayBuffer() : undefined;
    for (let attempt = 1; ; attempt++) {
      const base = opts.endpoints.current;
      const req = new Request(base + rel, {
        method: request.method,
        headers: request.headers,
        signal: request.signal,
        ...(body !== undefined ? { body } : {}),
        ...(cookies ? { credentials: 'include' as const } : {}),
      });
      for (const [k, v] of Object.entries(headers)) req.headers.set(k, v);
      try {
        return await send(req);
      } catch (err) {
        opts.endpoints.failed(base);
        if (attempt >= tries) throw err;
      }
    }
  };
}

/** The typed REST client over the endpoints. */
export function createApi(opts: TransportOptions): Api {
  return createClient<paths>({ baseUrl: opts.endpoints.urls[0]!, fetch: endpointFetch(opts) });
}

/** The body of a successful answer, or an ApiError with the server's key. */
export async function expectOk<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (data !== undefined && response.ok) return data;
  const key = typeof error === 'object' && error !== null && 'error' in error && typeof error.error === 'string' ? error.error : 'api.internal';
  throw new ApiError(response.status, key);
}
