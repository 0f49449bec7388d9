import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { ErrorRequestHandler, Request, Response, Router } from 'express';
import { z } from 'zod';
import { AppError, notFound } from '../../errors.ts';
import type { RouteDeps } from '../../http/deps.ts';
import { who } from '../../http/caller.ts';
import { describeRoute } from '../../http/openapi.ts';
import { okOnly } from '../../lib/contract.ts';
import { parse } from '../../lib/validate.ts';
import type { FilesService } from './files.service.ts';
import { declaredLength, isBodyFault, readFilePart } from './multipart.ts';
import {
  CHUNK_SIZE,
  contentDisposition,
  extensionOf,
  MAX_FILE_BYTES,
  MAX_SINGLE_BYTES,
  MULTIPART_OVERHEAD,
  mimeOf,
  parseRange,
  servedInline,
} from './uploads.policy.ts';
import { chunkQuery, chunkResult, fileForm, initBody, sessionBody, sessionView, uploadResult } from './uploads.schema.ts';
import { RESULT_HEADERS, TUS_PATH } from './uploads.tus.ts';
import { apiRouter } from '../../http/routes.ts';
import { open } from '../../http/access.ts';

/** 413 before a byte of the body is read when the declared length is over `limit`. */
function refuseOversized(req: IncomingMessage, limit: number): void {
  const length = declaredLength(req);
  if (length !== undefined && length > limit) throw new AppError(413, 'api.upload.tooLarge');
}

/** How much of a refused body we read and throw away before closing, and for how long. */
const LINGER_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 2_000;

/**
 * 413 for an upload: answer at once, then read and discard what the client
 * is still sending for a moment before closing. Closing with unread data
 * makes the kernel send a reset, which can destroy our answer before the
 * client reads it (the "lingering close" of nginx and Apache).
 */
const answerTooLarge: ErrorRequestHandler = (err, req, res, next) => {
  if (!(err instanceof AppError) || err.status !== 413 || res.headersSent || req.complete) {
    next(err);
    return;
  }
  req.unpipe();
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) req.socket.destroy();
  });
  req.resume();
  res.once('finish', () => {
    if (req.complete) return;
    const timer = setTimeout(() => req.socket.destroy(), LINGER_MS);
    timer.unref();
    req.once('end', () => clearTimeout(timer));
  });
  res.status(413).json({ ok: false, error: err.key });
};

/**
 * A body that ends a file part badly (cut short, no closing delimiter) is the client's failure:
 * 400, kept out of the error log as a 500. So is a client that hung up (it gets no answer). Any
 * other failure, once the whole body was read, is the server's.
 */
async function clientUpload<T>(req: Request, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof AppError) && (isBodyFault(err) || req.readableAborted)) throw new AppError(400, 'api.upload.failed');
    throw err;
  }
}

const TAG = 'uploads';

/** Bodies and answers of the tus protocol (1.0.0, extensions creation, creation-with-upload, termination, expiration). */
const tusResumable = z.literal('1.0.0').describe('tus protocol version');
const tusCreateHeaders = z.object({
  'Tus-Resumable': tusResumable,
  'Upload-Length': z.string().regex(/^\d+$/).describe(`Total bytes, at most ${MAX_FILE_BYTES} (deferred length is refused)`),
  'Upload-Metadata': z
    .string()
    .describe('Comma-separated `key base64value` pairs; `filename` is required and must have an allowed extension'),
});
const tusPatchHeaders = z.object({
  'Tus-Resumable': tusResumable,
  'Upload-Offset': z.string().regex(/^\d+$/).describe('Bytes the server already has (from HEAD)'),
  'Content-Type': z.literal('application/offset+octet-stream'),
});
const tusOnly = z.object({ 'Tus-Resumable': tusResumable });
/** The outcome of a finished upload, on the final PATCH and on HEAD for 24 hours after. */
const tusResult = {
  [RESULT_HEADERS.url]: z.string().optional().describe('When the upload is complete: `/uploads/<stored name>`'),
  [RESULT_HEADERS.kind]: z.string().optional().describe('When complete: the file kind'),
  [RESULT_HEADERS.deduped]: z.enum(['true', 'false']).optional().describe('When complete: identical content was already stored'),
  [RESULT_HEADERS.name]: z.string().optional().describe('When complete: the original name, URI-encoded'),
};
const tusProtocolFailures = {
  409: 'Upload-Offset does not match the bytes received (ask HEAD and resume from there); text body',
  410: 'The upload expired (24 hours); text body',
  412: 'Missing or unsupported Tus-Resumable; text body',
  415: 'Content-Type is not application/offset+octet-stream; text body',
};
const notTheirs = 'Unknown upload, or one created by another account (`api.upload.sessionGone`)';

/** /api/upload* (single and chunked, spec 4.5), /api/tus (resumable), and GET /uploads/<name>. */
export function uploadsRoutes({ services: { uploads, files, tus }, login }: RouteDeps): Router {
  const r = apiRouter();

  r.post(
    '/api/upload',
    describeRoute({
      tag: TAG,
      summary: 'Upload a file of at most 5 MB in one request',
      bodyContent: { 'multipart/form-data': fileForm },
      response: uploadResult,
      errors: {
        400: 'Not multipart (`api.upload.notMultipart`), no `file` part (`api.upload.noFile`), a name (`api.upload.badName`) or type (`api.upload.badType`) not allowed, content not matching its image type (`api.upload.badSignature`), a multipart body cut short or not closed (`api.upload.failed`)',
        413: 'Over 5 MB (`api.upload.tooLarge`), refused before the body is read when Content-Length says so',
      },
    }),
    login('files.upload'),
    async (req, res) => {
      refuseOversized(req, MAX_SINGLE_BYTES + MULTIPART_OVERHEAD);
      const result = await clientUpload(req, async () => uploads.single(who(req), await readFilePart(req, MAX_SINGLE_BYTES)));
      res.json({ ok: true, ...result });
    },
  );

  r.post(
    '/api/upload/init',
    describeRoute({
      tag: TAG,
      summary: 'Open a chunked upload (or resume one of yours with `uploadId`)',
      description:
        'Files up to 100 MB in chunks of 5242880 bytes, sent in any order, to any node. With the `uploadId` of your open session of the same size, the session resumes and `received` lists the chunks it has; otherwise a new session opens. Sessions live 24 hours.',
      body: initBody,
      response: sessionView,
      errors: {
        400: 'A name (`api.upload.badName`) or type (`api.upload.badType`) not allowed',
        413: 'A size that is not 1 byte to 100 MB (`api.upload.tooLarge`)',
      },
    }),
    login('files.upload'),
    async (req, res) => {
      res.json({ ok: true, ...(await uploads.init(who(req), parse(initBody, req.body))) });
    },
  );

  r.post(
    '/api/upload/chunk',
    describeRoute({
      tag: TAG,
      summary: 'Send chunk `index` of a chunked upload',
      description:
        'A chunk once received is kept: sending the same index again (a retry whose answer was lost) is answered like the first time, and its body is read and dropped. While another request is sending the same index, this one waits for it (up to 30 s).',
      query: chunkQuery,
      bodyContent: { 'multipart/form-data': fileForm },
      response: chunkResult,
      errors: {
        400: 'An index outside the session or a chunk of the wrong size (`api.upload.badChunk`), not multipart (`api.upload.notMultipart`), no `file` part (`api.upload.noFile`), a multipart body cut short or not closed, or a chunk still not written after 6 minutes (`api.upload.failed`)',
        404: 'Unknown, expired, completed or foreign session (`api.upload.sessionGone`)',
        409: 'Another request has been sending the same index for 30 s and is still at it (`api.upload.chunkBusy`); send it again later',
        413: 'A chunk over 5242880 bytes (`api.upload.tooLarge`)',
      },
    }),
    login('files.upload'),
    async (req, res) => {
      const { uploadId, index } = parse(chunkQuery, req.query, 'api.upload.badChunk');
      refuseOversized(req, CHUNK_SIZE + MULTIPART_OVERHEAD);
      const session = await uploads.checkChunk(who(req), uploadId, index);
      const result = await clientUpload(req, async () => uploads.chunk(session, index, await readFilePart(req, CHUNK_SIZE)));
      res.json({ ok: true, ...result });
    },
  );

  r.post(
    '/api/upload/complete',
    describeRoute({
      tag: TAG,
      summary: 'Join the chunks of a chunked upload into the file',
      body: sessionBody,
      response: uploadResult,
      errors: {
        400: 'Content not matching its image type (`api.upload.badSignature`)',
        404: 'Unknown, expired, foreign or already completing session (`api.upload.sessionGone`)',
        409: 'Chunks are missing (`api.upload.incomplete`, with `received`)',
      },
    }),
    login('files.upload'),
    async (req, res) => {
      res.json({ ok: true, ...(await uploads.complete(who(req), parse(sessionBody, req.body).uploadId)) });
    },
  );

  r.post(
    '/api/upload/abort',
    describeRoute({
      tag: TAG,
      summary: 'Drop a chunked upload and its chunks',
      body: sessionBody,
      response: okOnly,
      errors: { 404: 'Unknown or foreign session (`api.upload.sessionGone`)' },
    }),
    login('files.upload'),
    async (req, res) => {
      await uploads.abort(who(req), parse(sessionBody, req.body).uploadId);
      res.json({ ok: true });
    },
  );

  // tus: one route per method, so each is declared (and timed under its own pattern) like any other.
  const tusRoute = `${TUS_PATH}{/*id}`;
  r.post(
    tusRoute,
    describeRoute({
      tag: TAG,
      summary: 'tus: create a resumable upload (`POST /api/tus`)',
      description:
        'The tus 1.0.0 protocol (e.g. tus-js-client with `endpoint: "/api/tus"`); the upload URL is the `Location` of the answer. A body of type `application/offset+octet-stream` may carry the first bytes (creation-with-upload). The path has no id on creation.',
      headers: tusCreateHeaders,
      readsOwnBody: true,
      status: 201,
      emptyBody: true,
      responseDescription: 'Created: the upload URL is in `Location`',
      responseHeaders: z.object({ Location: z.string().describe('`/api/tus/<id>`'), 'Tus-Resumable': tusResumable }),
      otherResponses: { 412: tusProtocolFailures[412], 413: 'Upload-Length over 100 MB; text body' },
      errors: {
        400: 'No `Upload-Length` (`api.upload.tooLarge`), a file name (`api.upload.badName`) or type (`api.upload.badType`) not allowed',
      },
    }),
    login('files.upload'),
    tus.handle,
  );
  r.patch(
    tusRoute,
    describeRoute({
      tag: TAG,
      summary: 'tus: send bytes from `Upload-Offset`; the last ones finish the upload',
      description:
        'When the last byte arrives the content is checked, deduplicated and named like any upload; the answer then carries `Upload-Url`. Use chunks of at most 5 MB behind the bundled nginx (it accepts 6 MB bodies).',
      headers: tusPatchHeaders,
      bodyContent: { 'application/offset+octet-stream': z.string().meta({ contentMediaType: 'application/octet-stream' }) },
      status: 204,
      responseHeaders: z.object({ 'Upload-Offset': z.string(), 'Tus-Resumable': tusResumable, ...tusResult }),
      otherResponses: tusProtocolFailures,
      errors: {
        400: 'Finalising failed: content not matching its image type (`api.upload.badSignature`)',
        404: notTheirs,
        413: 'More bytes than Upload-Length',
      },
    }),
    login('files.upload'),
    tus.handle,
  );
  r.head(
    tusRoute,
    describeRoute({
      tag: TAG,
      summary: 'tus: how many bytes the server has; the outcome once finished',
      description:
        'For 24 hours after the last byte, answers `Upload-Offset` = `Upload-Length` and the outcome headers, so a client that lost the final PATCH answer still gets `Upload-Url`.',
      headers: tusOnly,
      responseDescription: 'The upload exists',
      responseHeaders: z.object({ 'Upload-Offset': z.string(), 'Upload-Length': z.string(), 'Tus-Resumable': tusResumable, ...tusResult }),
      otherResponses: { 410: tusProtocolFailures[410], 412: tusProtocolFailures[412] },
      errors: { 404: notTheirs },
    }),
    login('files.upload'),
    tus.handle,
  );
  r.delete(
    tusRoute,
    describeRoute({
      tag: TAG,
      summary: 'tus: abandon an upload and delete its bytes (termination)',
      headers: tusOnly,
      status: 204,
      otherResponses: { 412: tusProtocolFailures[412] },
      errors: { 404: notTheirs },
    }),
    login('files.upload'),
    tus.handle,
  );
  r.options(
    tusRoute,
    describeRoute({
      tag: TAG,
      summary: "tus: the server's protocol versions, extensions and size limit",
      status: 204,
      responseHeaders: z.object({
        'Tus-Version': z.string(),
        'Tus-Extension': z.string(),
        'Tus-Max-Size': z.string().describe(String(MAX_FILE_BYTES)),
      }),
    }),
    login('files.upload'),
    tus.handle,
  );

  r.get(
    '/uploads/:name',
    describeRoute({
      tag: TAG,
      summary: 'Download a file (no login: stored names are unguessable)',
      description:
        'Served with its type by extension: images, audio and video inline, everything else as an attachment, always `nosniff` and a sandboxing Content-Security-Policy. `HEAD` answers the headers alone. One byte range (`Range: bytes=a-b`) is honoured; `If-None-Match` with the ETag answers 304.',
      produces: '*/*',
      responseDescription: 'The content',
      responseHeaders: z.object({
        ETag: z.string().describe('The sha256 of the content, quoted'),
        'Last-Modified': z.string(),
        'Content-Disposition': z.string(),
        'Cache-Control': z.literal('private, max-age=86400'),
        'Accept-Ranges': z.literal('bytes'),
      }),
      otherResponses: {
        206: 'One byte range of the content (`Content-Range`)',
        304: 'Not modified: `If-None-Match` names the ETag',
        416: 'The range lies beyond the file (`Content-Range: bytes */<size>`)',
      },
      errors: { 404: 'Unknown, expired or deleted file (`api.notFound`)' },
    }),
    open,
    (req, res) => serveFile(files, req, res),
  );

  r.use(['/api/upload', TUS_PATH], answerTooLarge);
  return r;
}

/**
 * GET/HEAD /uploads/<name>: only names of live files reach storage. Images,
 * audio and video display inline; everything else downloads. Single byte
 * ranges (206), ETag (the content hash) and conditional requests are honoured.
 */
async function serveFile(files: FilesService, req: Request, res: Response): Promise<void> {
  const name = String(req.params.name);
  const file = await files.live(name);
  if (!file) throw notFound();
  const ext = extensionOf(name);
  const etag = `"${file.sha256}"`;
  const headers: Record<string, string> = {
    'Content-Type': mimeOf(ext),
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': contentDisposition(servedInline(ext) ? 'inline' : 'attachment', file.origin),
    // Nothing served from here may run script, even if a browser were talked into rendering it.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'Cache-Control': 'private, max-age=86400',
    ETag: etag,
    'Last-Modified': new Date(file.created).toUTCString(),
    'Accept-Ranges': 'bytes',
  };
  const inm = req.headers['if-none-match'];
  if (inm?.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
    res.status(304).set(headers).end();
    return;
  }
  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== etag ? undefined : parseRange(req.headers.range, file.size);
  if (range === 'unsatisfiable') {
    res.status(416).set({ ...headers, 'Content-Range': `bytes */${file.size}` }).end();
    return;
  }
  // Opened before any header is set: content missing from storage is a plain 404.
  const body = req.method === 'HEAD' ? undefined : await files.content(file, range);
  if (req.method !== 'HEAD' && !body) throw notFound();
  if (range) {
    res.status(206).set({ ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${file.size}`, 'Content-Length': String(range.end - range.start + 1) });
  } else {
    res.status(200).set({ ...headers, 'Content-Length': String(file.size) });
  }
  if (!body) {
    res.end();
    return;
  }
  await pipeline(body, res).catch((err) => {
    req.log?.debug({ err }, 'file download interrupted');
    res.destroy();
  });
}
