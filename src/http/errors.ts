import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, DependencyUnavailable } from '../errors.ts';
import { discardRestOfBody } from './linger.ts';

/** Unknown /api route: JSON 404, never Express' HTML page. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ ok: false, error: 'api.notFound' });
};

/** body-parser and friends signal client mistakes with `type` or `status`. */
function clientError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  const e = err as { type?: string; status?: number; statusCode?: number };
  if (e?.type === 'entity.too.large') return new AppError(413, 'api.tooLarge');
  if (e?.type === 'entity.parse.failed') return new AppError(400, 'api.invalidJson');
  // PostgreSQL refuses text it cannot store (a NUL character): only client input carries those.
  const code = (err as { code?: unknown })?.code;
  if (code === '22021' || code === '22P05') return new AppError(400, 'api.badRequest');
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(status, status === 413 ? 'api.tooLarge' : 'api.badRequest');
  }
  return undefined;
}

/**
 * The one place failures become responses: an AppError (or a recognised client
 * mistake) becomes `{ok:false, error:key}` with its status, an unavailable
 * dependency 503 `api.unavailable`; anything else is logged with the request id
 * and answered 500 with no details.
 */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  // Postgres, Redis or S3 down: not a bug, and likely to pass; 503 with Retry-After.
  if (err instanceof DependencyUnavailable) req.log?.warn({ err }, 'dependency unavailable');
  const known = clientError(err);
  if (res.headersSent) {
    req.log?.warn({ err }, 'error after headers were sent');
    res.destroy();
    return;
  }
  if (known) {
    if (known.headers) res.set(known.headers);
    res.status(known.status).json({ ok: false, error: known.key, ...known.extra });
    // Answered before the body was read (413, 415, a refusal): drain a bounded amount so the client gets the answer.
    discardRestOfBody(req);
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  res.status(500).json({ ok: false, error: 'api.internal' });
};
