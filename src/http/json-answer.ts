import type { Express as ExpressApp, Response } from 'express';

/**
 * `res.json` for this app without `res.send`'s general path: every API answer goes through it, and
 * `send` parses and reformats the Content-Type, checks freshness and handles Buffers for each one
 * (about 5% of a cached `GET /api/me`, docs/benchmarks.md). The answer is the same: the body,
 * `application/json; charset=utf-8` unless the route set a type, Content-Length, no body for HEAD.
 * Answers that could be conditional (a validator header set) or bodiless (204, 304) keep Express's.
 */
export function leanJsonAnswers(app: ExpressApp): void {
  const general = app.response.json;
  app.response.json = function json(this: Response, body: unknown) {
    if (this.statusCode === 204 || this.statusCode === 304 || this.hasHeader('ETag') || this.hasHeader('Last-Modified')) {
      return general.call(this, body);
    }
    const text = JSON.stringify(body) ?? '';
    if (!this.hasHeader('Content-Type')) this.setHeader('Content-Type', 'application/json; charset=utf-8');
    this.setHeader('Content-Length', Buffer.byteLength(text));
    if (this.req.method === 'HEAD') this.end();
    else this.end(text, 'utf8');
    return this;
  };
}
