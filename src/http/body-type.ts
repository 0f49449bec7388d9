import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { AppError } from '../errors.ts';

const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The request carries content: a positive Content-Length, or a chunked body. */
export function hasContent(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(req.headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > 0;
}

/**
 * A JSON route given content of another type answers 415
 * `api.unsupportedMediaType` instead of running with an empty body: a form
 * or a `text/plain` body (which browsers send cross-site without asking) is
 * never mistaken for "no parameters". Run by every route whose declaration
 * takes a JSON body or none (describeRoute); routes that declare other media
 * types read and check their bodies themselves.
 */
export const jsonBodyOnly: RequestHandler = (req, _res, next) => {
  if (BODYLESS_METHODS.has(req.method) || !hasContent(req) || req.is('application/json')) return next();
  throw new AppError(415, 'api.unsupportedMediaType');
};
