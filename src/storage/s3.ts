import { Readable } from 'node:stream';
import { Slots } from '../lib/slots.ts';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { assertStoredName, type BlobStore, type ByteRange, MultipartGoneError, type StoredPart } from './blob-store.ts';
import { type S3Settings, s3ClientConfig, storageFailure } from './s3-settings.ts';

export { type S3Settings, s3ClientConfig, storageFailure } from './s3-settings.ts';

/** Final objects live under this prefix; tus keeps its in-progress uploads elsewhere in the bucket. */
const OBJECT_PREFIX = 'uploads/';
/** Largest body `put` takes without a size (it is held in memory to learn its length). */
const MAX_UNSIZED_BYTES = 8 * 1024 * 1024;
/** Unsized bodies held in memory at once per node (each at most MAX_UNSIZED_BYTES). */
const UNSIZED_IN_FLIGHT = 8;

/** HeadBucket of the readiness check gives up after this long. */
const PING_TIMEOUT_MS = 2_500;

async function viaS3<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    throw storageFailure(err);
  }
}


const errorName = (err: unknown): string | undefined => (err as { name?: string; Code?: string })?.name;

/**
 * Objects in an S3 bucket (MinIO, AWS, any S3-compatible server), path-style.
 * A PutObject or a completed multipart upload appears whole or not at all.
 * Chunked uploads map onto S3 multipart uploads, so a node keeps no part on
 * its own disk and any node can take any chunk.
 */
export class S3Store implements BlobStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;
  private readonly unsizedSlots = new Slots(UNSIZED_IN_FLIGHT);

  constructor(s3: S3Settings) {
    this.client = new S3Client(s3ClientConfig(s3));
    this.bucket = s3.bucket;
  }

  private key(name: string): string {
    assertStoredName(name);
    return OBJECT_PREFIX + name;
  }

  /**
   * Sends a request whose body is a stream. A stream that fails (a limit
   * broken, a client gone) aborts the request; otherwise S3 would wait for
   * the bytes promised by Content-Length.
   */
  private async sendStreaming<T>(body: Readable, send: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    const abort = new AbortController();
    const onError = (err: Error) => abort.abort(err);
    body.once('error', onError);
    try {
      return await send(abort.signal);
    } finally {
      body.off('error', onError);
    }
  }

  async put(name: string, body: Readable, size?: number): Promise<void> {
    const Key = this.key(name);
    if (size !== undefined) {
      await viaS3(
        this.sendStreaming(body, (abortSignal) =>
          this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentLength: size }), { abortSignal }),
        ),
      );
      return;
    }
    // S3 needs the length before the body. A single-request upload (at most 5 MB; its length is not
    // known inside a multipart body) is collected in memory, then sent with PutObject. At most
    // UNSIZED_IN_FLIGHT are held at once; later ones wait unread (TCP holds their clients back),
    // so many parallel uploads cannot add up to unbounded memory.
    await this.unsizedSlots.acquire();
    try {
      const chunks: Buffer[] = [];
      let length = 0;
      for await (const chunk of body) {
        length += (chunk as Buffer).length;
        if (length > MAX_UNSIZED_BYTES) {
          body.destroy();
          throw new Error(`a body over ${MAX_UNSIZED_BYTES} bytes needs its size`);
        }
        chunks.push(chunk as Buffer);
      }
      await viaS3(this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: Buffer.concat(chunks, length), ContentLength: length })));
    } finally {
      this.unsizedSlots.release();
    }
  }

  async get(name: string, range?: ByteRange): Promise<Readable | undefined> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.key(name),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return res.Body instanceof Readable ? res.Body : undefined;
    } catch (err) {
      if (errorName(err) === 'NoSuchKey' || errorName(err) === 'NotFound') return undefined;
      throw storageFailure(err);
    }
  }

  async delete(name: string): Promise<void> {
    await viaS3(this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(name) })));
  }

  async createMultipart(name: string): Promise<string> {
    const res = await viaS3(this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: this.key(name) })));
    if (!res.UploadId) throw new Error('S3 returned no UploadId');
    return res.UploadId;
  }

  async putPart(name: string, multipartId: string, index: number, body: Readable, size: number): Promise<string> {
    const res = await this.sendStreaming(body, (abortSignal) =>
      this.client.send(
        new UploadPartCommand({
          Bucket: this.bucket,
          Key: this.key(name),
          UploadId: multipartId,
          PartNumber: index + 1,
          Body: body,
          ContentLength: size,
        }),
        { abortSignal },
      ),
    ).catch((err) => {
      throw errorName(err) === 'NoSuchUpload' ? new MultipartGoneError({ cause: err }) : storageFailure(err);
    });
    if (!res.ETag) throw new Error('S3 returned no ETag');
    return res.ETag;
  }

  /** Joined by S3 itself: the bytes never pass through here, so `observe` is not called (resolves false). */
  async completeMultipart(name: string, multipartId: string, parts: readonly StoredPart[]): Promise<boolean> {
    const ordered = [...parts].sort((a, b) => a.index - b.index);
    await viaS3(
      this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: this.key(name),
          UploadId: multipartId,
          MultipartUpload: { Parts: ordered.map((p) => ({ PartNumber: p.index + 1, ETag: p.etag })) },
        }),
      ),
    );
    return false;
  }

  async abortMultipart(name: string, multipartId: string): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.key(name), UploadId: multipartId }));
    } catch (err) {
      if (errorName(err) !== 'NoSuchUpload') throw storageFailure(err);
    }
  }

  async ping(): Promise<boolean> {
    // Within the readiness timeout (3 s), so a hung endpoint does not leave requests behind.
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(PING_TIMEOUT_MS) });
    return true;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
