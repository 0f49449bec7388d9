import { createHash, type Hash } from 'node:crypto';
import { type Readable, Transform, type TransformCallback, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../errors.ts';

/** Enough leading bytes for `file-type` to recognise every image format we accept. */
const HEAD_BYTES = 4100;

export interface Inspection {
  size: number;
  sha256: string;
  /** The first bytes of the content (for the signature check). */
  head: Buffer;
}

export interface InspectorLimits {
  /** More bytes than this fail the stream with `tooLarge` (413). */
  maxBytes: number;
  /** When set, a stream that ends at any other length fails with `wrongLength` (400). */
  exactBytes?: number;
  tooLarge?: AppError;
  wrongLength?: AppError;
}

/**
 * A pass-through that hashes, counts and keeps the head of the bytes flowing
 * to storage, and stops the write as soon as a limit is broken, so nothing is
 * ever buffered whole. `failure` holds the error it raised (storage clients
 * may wrap stream errors in their own).
 */
export class Inspector extends Transform {
  private readonly hash: Hash = createHash('sha256');
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;
  private count = 0;
  failure: AppError | undefined;
  result: Inspection | undefined;

  constructor(private readonly limits: InspectorLimits) {
    super();
    // Failures surface through `failure` and the consumer's pipeline; an error raised before the consumer
    // attaches (it may await something first) must not become an uncaught exception.
    this.on('error', () => {});
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.count += chunk.length;
    if (this.count > this.limits.maxBytes) {
      this.failure = this.limits.tooLarge ?? new AppError(413, 'api.upload.tooLarge');
      done(this.failure);
      return;
    }
    if (this.limits.exactBytes !== undefined && this.count > this.limits.exactBytes) {
      this.failure = this.limits.wrongLength ?? new AppError(400, 'api.upload.badChunk');
      done(this.failure);
      return;
    }
    this.hash.update(chunk);
    if (this.headLength < HEAD_BYTES) {
      const take = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.headChunks.push(Buffer.from(take));
      this.headLength += take.length;
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.limits.exactBytes !== undefined && this.count !== this.limits.exactBytes) {
      this.failure = this.limits.wrongLength ?? new AppError(400, 'api.upload.badChunk');
      done(this.failure);
      return;
    }
    this.result = { size: this.count, sha256: this.hash.digest('hex'), head: Buffer.concat(this.headChunks) };
    done();
  }

  /** The inspection of a fully passed stream. */
  done(): Inspection {
    if (!this.result) throw this.failure ?? new Error('stream not finished');
    return this.result;
  }
}

/** Pipes `source` through a new inspector; an error of `source` (client abort, busboy limit) fails the inspector too. */
export function inspect(source: Readable, limits: InspectorLimits): Inspector {
  const inspector = new Inspector(limits);
  source.once('error', (err) => inspector.destroy(err));
  source.pipe(inspector);
  return inspector;
}

/** Reads a stream to its end through an inspector, keeping nothing but the inspection. */
export async function inspectAll(source: Readable, limits: InspectorLimits): Promise<Inspection> {
  const inspector = new Inspector(limits);
  await pipeline(source, inspector, new Writable({ write: (_chunk, _enc, done) => done() }));
  return inspector.done();
}
