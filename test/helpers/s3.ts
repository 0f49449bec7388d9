import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import S3rver from 's3rver';
import { TEST_DATA_ROOT } from './paths.ts';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** Environment that points the server at this S3. */
  env: Record<string, string>;
  /** Stops answering: the listener and every open connection close (connections are refused). */
  suspend(): Promise<void>;
  /** Listens again on the same port, with the same objects. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

const xml = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
};

/** A shim's failure as S3 answers one (the client sees a 500, the test process no unhandled rejection). */
const answerFailure = (res: ServerResponse, err: unknown) => {
  if (res.headersSent) return void res.destroy();
  xml(res, 500, `<Error><Code>InternalError</Code><Message>${String(err).replace(/[<&>]/g, '')}</Message></Error>`);
};

/** What `read` gives, or an empty string when the files it reads were removed meanwhile (an upload aborted concurrently). */
async function unlessGone(read: () => Promise<string>): Promise<string> {
  try {
    return await read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw err;
  }
}

const noSuchUpload = (res: ServerResponse, uploadId: string) =>
  xml(res, 404, `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${uploadId}</UploadId></Error>`);

/**
 * s3rver on loopback, with a shim for what it lacks: ListParts,
 * ListMultipartUploads and AbortMultipartUpload (answered from s3rver's own
 * upload directory), and a
 * NoSuchUpload for parts sent to an aborted upload (s3rver would recreate it).
 */
export async function startS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(TEST_DATA_ROOT, 's3-'));
  const bucket = 'chat-test';
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket }], vhostBuckets: false });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const uploadDir = (id: string) => path.join(s3rver.store.getResourcePath(bucket, undefined, 'uploads'), path.basename(id));

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    if (req.method === 'GET' && (url.pathname === `/${bucket}` || url.pathname === `/${bucket}/`) && url.searchParams.has('uploads')) {
      listUploads(res).catch((err) => answerFailure(res, err));
      return;
    }
    const uploadId = url.searchParams.get('uploadId');
    if (uploadId === null || !url.pathname.startsWith(`/${bucket}/`)) return handle(req, res);
    const dir = uploadDir(uploadId);
    const exists = existsSync(path.join(dir, 'key'));
    if (req.method === 'DELETE') {
      req.resume();
      if (!exists) return noSuchUpload(res, uploadId);
      rmSync(dir, { recursive: true, force: true });
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET' && !url.searchParams.has('partNumber')) {
      if (!exists) return noSuchUpload(res, uploadId);
      listParts(res, dir, url.pathname.slice(bucket.length + 2), uploadId).catch((err) => answerFailure(res, err));
      return;
    }
    if (req.method === 'PUT' && !exists) {
      req.resume();
      return noSuchUpload(res, uploadId);
    }
    return handle(req, res);
  });

  /** ListMultipartUploads (tus' S3 store lists them to expire old uploads). */
  async function listUploads(res: ServerResponse): Promise<void> {
    const root = s3rver.store.getResourcePath(bucket, undefined, 'uploads');
    const ids = existsSync(root) ? readdirSync(root).filter((d) => existsSync(path.join(root, d, 'key'))) : [];
    const entries = await Promise.all(
      ids.map((id) =>
        // An upload aborted while it is listed (the server's purge) is left out, as S3 would.
        unlessGone(async () => {
          const key = await readFile(path.join(root, id, 'key'), 'utf8');
          const initiated = statSync(path.join(root, id, 'key')).mtime.toISOString();
          return `<Upload><Key>${key}</Key><UploadId>${id}</UploadId><Initiated>${initiated}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`;
        }),
      ),
    );
    xml(
      res,
      200,
      `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${entries.join('')}</ListMultipartUploadsResult>`,
    );
  }

  async function listParts(res: ServerResponse, dir: string, key: string, uploadId: string): Promise<void> {
    const numbers = readdirSync(dir)
      .filter((f) => /^\d+$/.test(f))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map((n) =>
        unlessGone(async () => {
          const file = path.join(dir, String(n));
          const md5 = (await readFile(`${file}.md5`, 'utf8').catch(() => '')).trim();
          const st = statSync(file);
          return `<Part><PartNumber>${n}</PartNumber><LastModified>${st.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${st.size}</Size></Part>`;
        }),
      ),
    );
    xml(
      res,
      200,
      `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${decodeURIComponent(key)}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const endpoint = `http://127.0.0.1:${port}`;
  const stopListening = async () => {
    if (!server.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  };
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      // s3rver stores corrupted objects under the SDK's default streaming checksums.
      S3_CHECKSUMS: 'WHEN_REQUIRED',
    },
    suspend: stopListening,
    resume: () => new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    }),
    async close() {
      await stopListening();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
