import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { type RequestHandler } from 'express';

/** Where `npm run build -w web` writes the web client (relative to the working directory, as DATA_DIR is). */
export const WEB_DIST = path.resolve('web/dist');

/** Paths that belong to the server: never answered with the app's page. */
const SERVER_PATHS = /^\/(api|ws|uploads|metrics)(\/|$)/;

/**
 * The web client's own Content-Security-Policy (the API keeps `default-src 'none'`): scripts and
 * styles from this origin only (the build emits no inline script), connections to this origin
 * (CSP 3 lets `'self'` cover ws:/wss: of the same host), images also from `blob:` (previews of
 * files being uploaded) and `data:` (the 2FA QR code).
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' blob: data:",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the built web client: hashed files under `/assets/` with a year's
 * immutable caching, other files of the build (icons) for an hour, and for
 * every other page load (a GET asking for HTML) outside the server's own paths the app's `index.html`,
 * never cached (it names the current hashed files), so that `/chat/...` links
 * open the app. Without a build the page says how to make one.
 */
export function webApp(dir: string = WEB_DIST): RequestHandler {
  const statics = express.static(dir, {
    index: false,
    redirect: false,
    setHeaders: (res, file) => {
      res.setHeader('Content-Security-Policy', APP_CSP);
      const hashed = path.relative(dir, file).startsWith(`assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  const indexFile = path.join(dir, 'index.html');
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || SERVER_PATHS.test(req.path)) return next();
    statics(req, res, () => {
      // A missing hashed file is a 404, not the page (a stale tab asking for an old build's chunk);
      // so is anything a browser does not navigate to (only navigations ask for text/html): a
      // script probing `/socket.io/` or a typo in an API client gets Express's 404, not the app.
      if (req.path.startsWith('/assets/') || !(req.headers.accept ?? '').includes('text/html')) return next();
      // Read on each navigation (a few hundred bytes): a rebuild is served without a restart.
      readFile(indexFile, 'utf8').then(
        (page) => {
          res.setHeader('Cache-Control', 'no-cache');
          res.setHeader('Content-Security-Policy', APP_CSP);
          res.type('html').send(page);
        },
        () => {
          res.setHeader('Cache-Control', 'no-cache');
          res.status(503).type('text/plain').send('The web client is not built: run `npm run build -w web` (npm start does it when needed).\n');
        },
      );
    });
  };
}
