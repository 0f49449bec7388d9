/**
 * Uploads (spec 4.5): one request up to 5 MB, chunked (5 MB chunks, resumable
 * with the session's `uploadId`), or tus (tus-js-client, resumable with the
 * upload URL). Each reports progress as (bytes sent, total). Files are Blobs
 * (a browser `File`, or `new Blob([buffer])` in Node 20); tus also takes what
 * tus-js-client takes (a Node Buffer or stream, a React Native file object).
 */
import type { Upload } from 'tus-js-client';
import { authHeaders, type Credentials } from './auth.ts';
import type { ResponseOf } from './calls.ts';
import { type Api, ApiError, type Endpoints, expectOk } from './transport/rest.ts';

/** `{url, kind, name, size, deduped}`: where the file is served and what it is. */
export type UploadResult = Omit<ResponseOf<'/api/upload', 'post'>, 'ok'>;

export type Progress = (sent: number, total: number) => void;

/** Single-request uploads take at most this many bytes (spec 8). */
export const SINGLE_MAX = 5 * 1024 * 1024;

export interface UploadContext {
  api: Api;
  endpoints: Endpoints;
  credentials: Credentials;
}

export interface UploadOptions {
  /** The name shown for the file; default: the File's name, else `file`. */
  name?: string;
  onProgress?: Progress;
}

const nameOf = (file: Blob, opts: UploadOptions) => opts.name ?? (typeof File !== 'undefined' && file instanceof File ? file.name : 'file');

/** Uploads in one request (at most 5 MB; larger is 413 `api.upload.tooLarge`: use chunks or tus). */
export async function uploadSingle(ctx: UploadContext, file: Blob, opts: UploadOptions = {}): Promise<UploadResult> {
  const res = await postFile(ctx, '/api/upload', file, nameOf(file, opts), opts.onProgress);
  return withoutOk(res as ResponseOf<'/api/upload', 'post'>);
}

export interface ChunkedOptions extends UploadOptions {
  /** Resume this session (same file, same size): only the chunks it lacks are sent. */
  uploadId?: string;
  /** Called with the session's id once it is open: keep it to resume after a failure or restart. */
  onSession?: (uploadId: string) => void;
  /** Chunks sent at once. Default 2. */
  concurrency?: number;
}

/** Uploads in 5 MB chunks: init (or resume), the missing chunks, complete. */
export async function uploadChunked(ctx: UploadContext, file: Blob, opts: ChunkedOptions = {}): Promise<UploadResult> {
  const init = await expectOk(
    ctx.api.POST('/api/upload/init', { body: { name: nameOf(file, opts), size: file.size, ...(opts.uploadId ? { uploadId: opts.uploadId } : {}) } }),
  );
  opts.onSession?.(init.uploadId);
  const have = new Set(init.received);
  const sizeOf = (i: number) => Math.min(init.chunkSize, file.size - i * init.chunkSize);
  let sent = [...have].reduce((n, i) => n + sizeOf(i), 0);
  opts.onProgress?.(sent, file.size);
  const todo = [...Array(init.chunks).keys()].filter((i) => !have.has(i)).reverse();
  const worker = async () => {
    for (let i = todo.pop(); i !== undefined; i = todo.pop()) {
      const index = i;
      const chunk = file.slice(index * init.chunkSize, index * init.chunkSize + sizeOf(index));
      let before = 0;
      await postFile(ctx, `/api/upload/chunk?uploadId=${encodeURIComponent(init.uploadId)}&index=${index}`, chunk, 'blob', (n) => {
        sent += n - before;
        before = n;
        opts.onProgress?.(sent, file.size);
      });
      sent += chunk.size - before;
      opts.onProgress?.(sent, file.size);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 2) }, worker));
  return withoutOk(await expectOk(ctx.api.POST('/api/upload/complete', { body: { uploadId: init.uploadId } })));
}

/** What tus-js-client can read: a Blob or File, or (in Node) a Buffer or stream; React Native file objects. */
export type TusSource = ConstructorParameters<typeof Upload>[0];

export interface TusOptions extends UploadOptions {
  /** The size in bytes, for a source that does not say (a stream). */
  size?: number;
  /** Resume the upload at this URL (from `onUploadUrl` of an earlier attempt). */
  uploadUrl?: string;
  /** Called once the server has created the upload: keep the URL to resume. */
  onUploadUrl?: (url: string) => void;
}

/**
 * Uploads with the tus protocol (`/api/tus`), in 5 MB requests, retrying on its own; resumable by URL.
 * tus-js-client is loaded on first use: a web app that never uses tus does not ship it in its first bundle.
 */
export async function uploadTus(ctx: UploadContext, file: TusSource, opts: TusOptions = {}): Promise<UploadResult> {
  const { Upload } = await import('tus-js-client');
  const name = file instanceof Blob ? nameOf(file, opts) : (opts.name ?? 'file');
  const size = file instanceof Blob ? file.size : file instanceof Uint8Array ? file.byteLength : (opts.size ?? 0);
  const cookieJar = ctx.credentials.kind === 'cookie' && !ctx.credentials.cookie;
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${ctx.endpoints.current}/api/tus`,
      ...(opts.uploadUrl ? { uploadUrl: opts.uploadUrl } : {}),
      metadata: { filename: name },
      uploadSize: size,
      chunkSize: SINGLE_MAX,
      retryDelays: [0, 1000, 3000, 5000],
      headers: authHeaders(ctx.credentials),
      storeFingerprintForResuming: false,
      // Node's tus stack reads Buffers and streams, not Blobs: read a Blob's slices as bytes there.
      ...(file instanceof Blob && !hasXhr() ? { fileReader: blobReader } : {}),
      onBeforeRequest: (req) => {
        const xhr = req.getUnderlyingObject() as { withCredentials?: boolean } | undefined;
        if (cookieJar && xhr && 'withCredentials' in xhr) xhr.withCredentials = true;
      },
      onUploadUrlAvailable: () => {
        if (upload.url) opts.onUploadUrl?.(upload.url);
      },
      onProgress: (sent, total) => opts.onProgress?.(sent, total),
      onError: reject,
      onSuccess: ({ lastResponse }) => {
        const url = lastResponse.getHeader('Upload-Url');
        if (!url) return reject(new ApiError(lastResponse.getStatus(), 'api.upload.noResult'));
        resolve({
          url,
          kind: (lastResponse.getHeader('Upload-Kind') ?? 'other') as UploadResult['kind'],
          name: lastResponse.getHeader('Upload-Name') ? decodeURIComponent(lastResponse.getHeader('Upload-Name')!) : name,
          size,
          deduped: lastResponse.getHeader('Upload-Deduped') === 'true',
        });
      },
    });
    upload.start();
  });
}

/** One request for a file up to 5 MB, chunks otherwise. */
export function uploadFile(ctx: UploadContext, file: Blob, opts: ChunkedOptions = {}): Promise<UploadResult> {
  return file.size <= SINGLE_MAX ? uploadSingle(ctx, file, opts) : uploadChunked(ctx, file, opts);
}

function withoutOk<T extends { ok: true }>(body: T): Omit<T, 'ok'> {
  const { ok: _ok, ...rest } = body;
  return rest;
}

interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: unknown): void;
  withCredentials: boolean;
  status: number;
  responseText: string;
  upload: { onprogress: ((e: { loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
}

/** XMLHttpRequest where there is one (browsers, React Native): the only way to see an upload's progress. */
function hasXhr(): boolean {
  return typeof (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest === 'function';
}

/** POSTs one multipart part named `file`; resolves with the JSON success body, rejects with ApiError. */
async function postFile(ctx: UploadContext, path: string, part: Blob, fileName: string, onProgress?: Progress): Promise<unknown> {
  const form = new FormData();
  form.append('file', part, fileName);
  const url = ctx.endpoints.current + path;
  const headers = authHeaders(ctx.credentials);
  const cookieJar = ctx.credentials.kind === 'cookie' && !ctx.credentials.cookie;
  let status: number;
  let text: string;
  if (hasXhr()) {
    const Xhr = (globalThis as unknown as { XMLHttpRequest: new () => XhrLike }).XMLHttpRequest;
    ({ status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const xhr = new Xhr();
      xhr.open('POST', url);
      for (const [k, v] of Object.entries(headers)) if (k !== 'cookie') xhr.setRequestHeader(k, v);
      xhr.withCredentials = cookieJar;
      xhr.upload.onprogress = (e) => onProgress?.(e.loaded, e.total);
      xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
      xhr.onerror = () => reject(new TypeError('upload failed: network error'));
      xhr.send(form);
    }));
  } else {
    const res = await fetch(url, { method: 'POST', body: form, headers, ...(cookieJar ? { credentials: 'include' as const } : {}) });
    status = res.status;
    text = await res.text();
    onProgress?.(part.size, part.size);
  }
  let body: { ok?: boolean; error?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not JSON (a proxy's error page): the status speaks.
  }
  if (status < 200 || status >= 300 || body.ok !== true) throw new ApiError(status, body.error ?? 'api.internal');
  return body;
}

/** tus-js-client's file reader for Blobs where its own cannot read them (Node). */
const blobReader = {
  async openFile(input: Blob) {
    return {
      size: input.size,
      async slice(start: number, end: number) {
        const value = new Uint8Array(await input.slice(start, end).arrayBuffer());
        // tus-js-client reads a slice's length from `size`, as its own Buffer source sets it.
        return { value: Object.assign(value, { size: value.length }), done: end >= input.size };
      },
      close() {},
    };
  },
};
