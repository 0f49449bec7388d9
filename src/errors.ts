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
