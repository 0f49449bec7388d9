import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { Client, Res } from './client.ts';
import type { TestNode } from './server.ts';
import { checkedFetch } from './contract.ts';

/** A valid 1×1 PNG. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const CHUNK = 5_242_880;

/** A PNG no other test uploads (random bytes after IEND keep it a PNG). */
export const uniquePng = (extra = 32): Buffer => Buffer.concat([PNG_1X1, randomBytes(extra)]);

/** Random bytes of `size`. */
export const bytes = (size: number): Buffer => randomBytes(size);

// biome-ignore lint/suspicious/noExplicitAny: test responses are inspected loosely.
type Json = any;

function authHeaders(c: Client): Record<string, string> {
  const h: Record<string, string> = { 'x-forwarded-for': c.ip };
  if (c.cookie) h.cookie = c.cookie;
  if (c.apiKey) h['x-api-key'] = c.apiKey;
  return h;
}

/** POST multipart/form-data with `content` as field `field` (default `file`). */
export async function postFile(
  c: Client,
  path: string,
  content: Buffer,
  fileName: string,
  opts: { field?: string; node?: TestNode } = {},
): Promise<Res<Json>> {
  const form = new FormData();
  form.append(opts.field ?? 'file', new Blob([content]), fileName);
  const res = await checkedFetch((opts.node ?? c.node).url + path, { method: 'POST', headers: authHeaders(c), body: form });
  const text = await res.text();
  let body: Json;
  try {
    body = JSON.parse(text);
  } catch {
    body = { raw: text };
  }
  return { status: res.status, body, headers: res.headers };
}

/** POST /api/upload. */
export const uploadSingle = (c: Client, content: Buffer, fileName: string, node?: TestNode) =>
  postFile(c, '/api/upload', content, fileName, node ? { node } : {});

/** Uploads a file no other test has (a PNG, or random text) and answers its `/uploads/...` URL. */
export async function storedFile(c: Client, kind: 'png' | 'txt' = 'png'): Promise<string> {
  const res = await uploadSingle(c, kind === 'png' ? uniquePng() : bytes(64), `f.${kind}`);
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.url as string;
}

/** POST /api/upload/chunk. */
export const sendChunk = (c: Client, uploadId: string, index: number | string, content: Buffer, node?: TestNode) =>
  postFile(c, `/api/upload/chunk?uploadId=${uploadId}&index=${index}`, content, 'blob', node ? { node } : {});

/** A whole chunked upload: init, every chunk (`parallel` at a time, spread over `nodes`), complete. */
export async function uploadChunked(
  c: Client,
  content: Buffer,
  fileName: string,
  opts: { parallel?: number; nodes?: TestNode[] } = {},
): Promise<Res<Json>> {
  const init = await c.post('/api/upload/init', { name: fileName, size: content.length });
  if (init.status !== 200) return init;
  const { uploadId, chunks } = init.body;
  const indexes = [...Array(chunks as number).keys()].reverse();
  const nodes = opts.nodes ?? [c.node];
  const worker = async (w: number) => {
    for (let i = indexes.pop(); i !== undefined; i = indexes.pop()) {
      const res = await sendChunk(c, uploadId, i, content.subarray(i * CHUNK, (i + 1) * CHUNK), nodes[(i + w) % nodes.length]);
      if (res.status !== 200) throw new Error(`chunk ${i}: ${res.status} ${JSON.stringify(res.body)}`);
    }
  };
  await Promise.all([...Array(opts.parallel ?? 1).keys()].map(worker));
  return c.post('/api/upload/complete', { uploadId });
}

/** GET a path as raw bytes. */
export async function download(
  node: TestNode,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Buffer; headers: Headers }> {
  const res = await checkedFetch(node.url + path, { headers });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

/** A request whose path goes out exactly as written (fetch would normalise `..` and `%2e%2e`). */
export function rawGet(node: TestNode, path: string): Promise<number> {
  const { port } = new URL(node.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Declares a `declared`-byte multipart body and trickles data until the server
 * answers; resolves with the status, the body and how many bytes were sent by
 * then (a 413 must come long before the declared length). A raw socket, so a
 * server that closes early (EPIPE on our side) still lets us read its answer.
 */
export function sendOversized(c: Client, path: string, declared: number): Promise<{ status: number; body: Json; sent: number }> {
  const { port } = new URL(c.node.url);
  const boundary = 'x-boundary-x';
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answer = '';
    let settled = false;
    const socket = connect(Number(port), '127.0.0.1');
    const finish = () => {
      if (settled) return;
      const headEnd = answer.indexOf('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      if (!status || headEnd < 0) return;
      const body = answer.slice(headEnd + 4);
      try {
        const parsed = JSON.parse(body);
        settled = true;
        socket.destroy();
        resolve({ status, body: parsed, sent });
      } catch {
        // The body has not fully arrived yet.
      }
    };
    socket.setEncoding('utf8');
    socket.on('data', (d) => {
      answer += d;
      finish();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      finish();
      if (!settled) reject(new Error(`no answer: ${JSON.stringify(answer.slice(0, 200))}`));
    });
    const headers = [
      `POST ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      `X-Forwarded-For: ${c.ip}`,
      ...(c.cookie ? [`Cookie: ${c.cookie}`] : []),
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${declared}`,
      '',
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="big.bin"',
      '',
      '',
    ].join('\r\n');
    socket.write(headers);
    const piece = Buffer.alloc(64 * 1024, 1);
    const pump = () => {
      if (settled || socket.destroyed || sent + piece.length > declared) return;
      socket.write(piece, () => {
        sent += piece.length;
        setTimeout(pump, 5);
      });
    };
    pump();
  });
}

const CHUNK_BOUNDARY = 'x-boundary-x';
const CHUNK_PART_HEAD = Buffer.from(`--${CHUNK_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\n\r\n`);
const CHUNK_PART_TAIL = Buffer.from(`\r\n--${CHUNK_BOUNDARY}--\r\n`);

/**
 * Opens a raw connection for POST /api/upload/chunk declaring all of `content` as one multipart
 * file part, and writes the request head and the part's first `sent` bytes.
 */
function openRawChunk(c: Client, node: TestNode, uploadId: string, index: number, content: Buffer, sent: number, extraHeaders: string[] = []) {
  const socket = connect(Number(new URL(node.url).port), '127.0.0.1');
  socket.on('error', () => {});
  const headers = [
    `POST /api/upload/chunk?uploadId=${uploadId}&index=${index} HTTP/1.1`,
    'Host: 127.0.0.1',
    `X-Forwarded-For: ${c.ip}`,
    ...(c.cookie ? [`Cookie: ${c.cookie}`] : []),
    `Content-Type: multipart/form-data; boundary=${CHUNK_BOUNDARY}`,
    `Content-Length: ${CHUNK_PART_HEAD.length + content.length + CHUNK_PART_TAIL.length}`,
    ...extraHeaders,
    '',
    '',
  ].join('\r\n');
  socket.write(headers);
  const wrote = new Promise<void>((resolve) => socket.write(Buffer.concat([CHUNK_PART_HEAD, content.subarray(0, sent)]), () => resolve()));
  return { socket, wrote };
}

/**
 * Starts POST /api/upload/chunk declaring all of `content`, sends only its first `sent` bytes, then
 * drops the connection (a client that lost its network mid-chunk). Resolves once the socket is closed.
 */
export function sendInterruptedChunk(c: Client, uploadId: string, index: number, content: Buffer, sent: number, node?: TestNode): Promise<void> {
  const { socket, wrote } = openRawChunk(c, node ?? c.node, uploadId, index, content, sent);
  return new Promise((resolve) => {
    socket.on('close', () => resolve());
    // Give the server a moment to take (and write) what arrived before the connection goes.
    void wrote.then(() => setTimeout(() => socket.destroy(), 200));
  });
}

/**
 * Starts POST /api/upload/chunk declaring all of `content` and sends its first `sent` bytes; the
 * request stays open (holding the chunk's claim) until `finish()` sends the rest and reads the answer.
 */
export function startHeldChunk(c: Client, uploadId: string, index: number, content: Buffer, sent: number): { finish(): Promise<number> } {
  const { socket } = openRawChunk(c, c.node, uploadId, index, content, sent, ['Connection: close']);
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (d) => {
    answer += d;
  });
  return {
    finish: () =>
      new Promise((resolve) => {
        socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
        socket.write(Buffer.concat([content.subarray(sent), CHUNK_PART_TAIL]));
      }),
  };
}
