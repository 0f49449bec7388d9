import { IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import type { Express, NextFunction, Request, Response } from 'express';
import finalhandler from 'finalhandler';

/** The parts of router 2.x's layer read here. */
interface RootLayer {
  handle: (...args: unknown[]) => unknown;
  /** Mounted at `/` as middleware: matches every path and trims nothing. */
  slash?: boolean;
}

/** Whether `proto` is on `obj`'s prototype chain. */
export const inherits = (obj: object, proto: object): boolean => Object.prototype.isPrototypeOf.call(proto, obj);

type Handle = (req: Request, res: Response, callback?: NextFunction) => void;

/**
 * Runs the app's own middleware in order without Express's app router, when every one of them is
 * mounted at the root (the app's middleware always is: buildExpress). For such layers the router's
 * path match, parameter step and prefix trim find nothing to do, yet its closures and match
 * objects made a fifth of the bytes a `GET /api/me` allocated (docs/decisions.md, "Per-request
 * cost"). Does what `app.handle` does before the router (`X-Powered-By` if enabled, the request
 * and response prototypes, their links, `res.locals`) and what the router sets for a root layer
 * (`baseUrl`, `originalUrl`, `params`), then keeps the router's rules: a handler that throws,
 * rejects or passes an error skips to the next error handler (four parameters), `next('router')`
 * skips the rest, and falling off the end reaches the caller's callback or Express's final
 * handler. Leaves the app as it is when some layer is mounted under a path.
 */
export function runRootLayersDirectly(app: Express): void {
  const stack = (app.router as unknown as { stack: RootLayer[] }).stack;
  if (!stack.every((l) => l.slash === true)) return;
  const handles = stack.map((l) => l.handle);
  const env = app.get('env') as string;
  const poweredBy = app.enabled('x-powered-by');
  const handle: Handle = (req, res, callback) => {
    if (poweredBy) res.setHeader('X-Powered-By', 'Express');
    req.res = res;
    res.req = req;
    // Made with the app's prototypes already (requestClassesOf) unless another server made them.
    if (!inherits(req, app.request)) Object.setPrototypeOf(req, app.request);
    if (!inherits(res, app.response)) Object.setPrototypeOf(res, app.response);
    if (!res.locals) res.locals = Object.create(null);
    req.baseUrl = '';
    req.originalUrl = req.originalUrl || req.url;
    req.params = {};
    let i = 0;
    const next = (passed?: unknown): void => {
      // As the router: `'router'` leaves it (on to the final handler), `'route'` and falsy values are no error.
      if (passed === 'router') i = handles.length;
      const err = passed && passed !== 'route' && passed !== 'router' ? passed : undefined;
      while (i < handles.length) {
        const fn = handles[i++]!;
        // As router 2.x's layer: an error goes to handlers of four parameters only, a request to those of up to three.
        if (err !== undefined ? fn.length !== 4 : fn.length > 3) continue;
        try {
          const ret = err !== undefined ? fn(err, req, res, next) : fn(req, res, next);
          if (ret instanceof Promise) ret.catch((e: unknown) => next(e ?? new Error('Rejected promise')));
        } catch (e) {
          next(e);
        }
        return;
      }
      (callback ?? finalhandler(req, res, { env }))(err);
    };
    next();
  };
  (app as unknown as { handle: Handle }).handle = handle;
}

/**
 * Request and response classes for `http.createServer` whose instances are born with the app's
 * prototypes (`app.request`, `app.response`, which extend Node's own), so that no request needs
 * Express's `Object.setPrototypeOf`: that call changes the shape of two objects Node's HTTP code
 * has already used, on every request, and Node's own functions then meet both shapes.
 */
export function requestClassesOf(app: Express): ServerOptions {
  class AppRequest extends IncomingMessage {}
  class AppResponse<R extends IncomingMessage = IncomingMessage> extends ServerResponse<R> {}
  Object.setPrototypeOf(AppRequest.prototype, app.request);
  Object.setPrototypeOf(AppResponse.prototype, app.response);
  return { IncomingMessage: AppRequest, ServerResponse: AppResponse };
}
