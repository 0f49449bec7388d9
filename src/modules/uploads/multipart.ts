import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { AppError, badRequest } from '../../errors.ts';

export interface FilePart {
  /** The file name the client sent (untrusted: shown, never used as a path). */
  fileName: string;
  stream: Readable;
}

/**
 * Errors busboy ended a file part with: the body was malformed after the part began (cut short,
 * no closing delimiter, a broken part header) or the client hung up. Weak, so they are not kept.
 */
const bodyFaults = new WeakSet<object>();

/** Whether `err` ended a file part because of the request's body (the client's doing), not the server. */
export const isBodyFault = (err: unknown): boolean => typeof err === 'object' && err !== null && bodyFaults.has(err);

/**
 * Streams the multipart field `file` of a request. Resolves as soon as the
 * part starts (the caller consumes `stream`); rejects with 400 when the body
 * is not multipart or has no `file` part. `maxBytes` is a backstop: busboy
 * stops there and the stream fails with 413; callers enforce exact limits.
 */
export function readFilePart(req: IncomingMessage & { log?: Logger }, maxBytes: number): Promise<FilePart> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes + 1, fields: 20, parts: 30, fieldSize: 1024 } });
    } catch {
      reject(badRequest('api.upload.notMultipart'));
      return;
    }
    let found = false;
    parser.on('file', (field, stream, info) => {
      if (field !== 'file' || found) {
        stream.resume();
        return;
      }
      found = true;
      // First listener: the error is marked before any reader of the stream sees it.
      stream.once('error', (err) => {
        if (!(err instanceof AppError)) bodyFaults.add(err);
      });
      stream.once('limit', () => stream.destroy(new AppError(413, 'api.upload.tooLarge')));
      resolve({ fileName: info.filename ?? '', stream });
    });
    parser.once('error', (err) => {
      if (!found) reject(badRequest('api.upload.notMultipart', undefined));
      else req.log?.debug({ err }, 'multipart parse error after the file part');
    });
    parser.once('close', () => {
      if (!found) reject(badRequest('api.upload.noFile'));
    });
    req.once('aborted', () => parser.destroy(new Error('client aborted')));
    req.pipe(parser);
  });
}

/** The request's declared body length, when it declared one. */
export function declaredLength(req: IncomingMessage): number | undefined {
  const raw = req.headers['content-length'];
  if (raw === undefined || !/^\d+$/.test(raw)) return undefined;
  return Number(raw);
}
