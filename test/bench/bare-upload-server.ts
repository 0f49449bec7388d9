import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * The ceiling of the chunked upload row on this machine: the chunked protocol's three requests
 * answered by node:http with nothing but what an upload cannot skip. Every byte of a chunk request
 * is hashed with sha256 (each chunk its own hash: the same work as one whole-file hash) and written
 * at its offset into one file under BENCH_DATA_DIR, in 1 MiB writes like the app, and kept; no
 * multipart parsing, no session, no database, no auth.
 */
const CHUNK = 5_242_880;
const dir = path.join(process.env.BENCH_DATA_DIR!, 'bare-uploads');
await mkdir(dir, { recursive: true });
const sessions = new Map<string, { file: string; chunks: number; digests: string[] }>();

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const answer = (body: unknown) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };
  try {
    if (url.pathname === '/api/upload/init') {
      let text = '';
      for await (const d of req) text += d;
      const { size } = JSON.parse(text) as { size: number };
      const uploadId = randomBytes(16).toString('hex');
      const file = path.join(dir, uploadId);
      await (await open(file, 'w')).close();
      sessions.set(uploadId, { file, chunks: Math.ceil(size / CHUNK), digests: [] });
      answer({ ok: true, uploadId, chunks: Math.ceil(size / CHUNK) });
    } else if (url.pathname === '/api/upload/chunk') {
      const s = sessions.get(url.searchParams.get('uploadId') ?? '')!;
      const index = Number(url.searchParams.get('index'));
      const hash = createHash('sha256');
      const handle = await open(s.file, 'r+');
      const out = handle.createWriteStream({ start: index * CHUNK, highWaterMark: 1024 * 1024 });
      req.on('data', (d: Buffer) => hash.update(d));
      await pipeline(req, out);
      s.digests[index] = hash.digest('hex');
      answer({ ok: true, index });
    } else if (url.pathname === '/api/upload/complete') {
      let text = '';
      for await (const d of req) text += d;
      const { uploadId } = JSON.parse(text) as { uploadId: string };
      const s = sessions.get(uploadId)!;
      sessions.delete(uploadId);
      answer({ ok: true, sha256: createHash('sha256').update(s.digests.join('')).digest('hex') });
    } else {
      res.statusCode = 404;
      answer({ ok: false });
    }
  } catch (err) {
    res.statusCode = 500;
    answer({ ok: false, error: String(err) });
  }
});
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  if (addr && typeof addr === 'object') console.log(`LISTENING http://127.0.0.1:${addr.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
