import type { RequestHandler } from 'express';
import { tooManyRequests } from '../errors.ts';
import { clientIp } from '../lib/client-address.ts';
import type { SharedState } from '../state/shared-state.ts';

const HOUR_MS = 3_600_000;

/**
 * At most `perHour` requests per client address to the routes it guards
 * (fixed one-hour windows in the shared state: Redis in cluster mode, so the
 * count is the cluster's). Over it: 429 `api.address.rateLimited` with
 * Retry-After. Every attempt counts, successful or not: what it slows down is
 * account spam and SETUP_TOKEN guessing.
 */
export function addressLimit(state: SharedState, name: string, perHour: number): RequestHandler {
  return async (req, _res, next) => {
    const { allowed, resetMs } = await state.hit(`rate:addr:${name}:${clientIp(req)}`, perHour, HOUR_MS);
    if (!allowed) throw tooManyRequests('api.address.rateLimited', Math.max(1, Math.ceil(resetMs / 1000)));
    next();
  };
}
