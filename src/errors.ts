import type { MessageKey } from './i18n/keys.ts';

export interface AppErrorOptions {
  /** Extra fields of the failure body: `{ok:false, error, ...extra}`. */
  extra?: Record<string, unknown>;
  /** Response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
  /** The internal cause: logged, never sent. */
  cause?: unknown;
}

/** The one error type that reaches clients: an HTTP status and an i18n key. */
export class AppError extends Error {
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    readonly status: number,
    readonly key: MessageKey,
    opts: AppErrorOptions = {},
  ) {
    super(key, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'AppError';
    this.extra = opts.extra;
    this.headers = opts.headers;
  }
}

export const badRequest = (key: MessageKey = 'api.badRequest', extra?: Record<string, unknown>) =>
  new AppError(400, key, { extra });
export const unauthorized = (key: MessageKey = 'api.unauthorized') => new AppError(401, key);
export const forbidden = (key: MessageKey = 'api.forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'api.notFound') => new AppError(404, key);
export const conflict = (key: MessageKey, extra?: Record<string, unknown>) => new AppError(409, key, { extra });
export const tooLarge = (key: MessageKey = 'api.tooLarge') => new AppError(413, key);
export const tooManyRequests = (key: MessageKey, retryAfterSeconds: number) =>
  new AppError(429, key, { headers: { 'Retry-After': String(retryAfterSeconds) } });

/** Thrown by stores on a unique-constraint violation; services map it to a 409. */
export class UniqueViolation extends Error {
  constructor(readonly constraint: string | undefined) {
    super(`unique violation${constraint ? ` on ${constraint}` : ''}`);
    this.name = 'UniqueViolation';
  }
}

/** The infrastructure a request needs. */
export type Dependency = 'database' | 'redis' | 'storage';

/** Seconds a client should wait before retrying after a 503 for an unavailable dependency. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * A dependency did not answer or refused the connection (restarting, unreachable, timed out).
 * Thrown by the drivers (src/db, src/state, src/storage, src/jobs) in place of the library's own
 * error. It is an AppError: clients get 503 `api.unavailable` with Retry-After (a socket ack
 * `{ok:false, error:'api.unavailable'}`), and may succeed once the dependency is back; the
 * library's error is its cause, logged at warn level (an outage, not a bug).
 */
export class DependencyUnavailable extends AppError {
  constructor(
    readonly dependency: Dependency,
    cause: unknown,
  ) {
    super(503, 'api.unavailable', { headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_S) }, cause });
    this.name = 'DependencyUnavailable';
  }
}
