import { createHash, type Hash } from 'node:crypto';
import { finished, type Readable, Transform, type TransformCallback, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../errors.ts';

/** Enough leading bytes for `file-type` to recognise every image format we accept. */
export const HEAD_BYTES = 4100;

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

/** Collects the first HEAD_BYTES of a byte sequence fed in order. */
export class HeadCollector {
  private readonly chunks: Buffer[] = [];
  private length = 0;

  add(chunk: Buffer): void {
    if (this.length >= HEAD_BYTES) return;
    // A copy: the source buffer may be reused (disk joins read into one buffer).
    const take = Buffer.from(chunk.subarray(0, HEAD_BYTES - this.length));
    this.chunks.push(take);
    this.length += take.length;
  }

  get head(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/**
 * Counts, limits, hashes (sha256) and keeps the head of bytes fed to it in
 * order, without holding them. `update` throws the AppError of a broken limit.
 */
export class ContentProbe {
  private readonly hash: Hash = createHash('sha256');
  private readonly headCollector = new HeadCollector();
  private count = 0;
  failure: AppError | undefined;

  constructor(private readonly limits: InspectorLimits) {}

  update(chunk: Buffer): void {
    this.count += chunk.length;
    if (this.count > this.limits.maxBytes) throw this.fail(this.limits.tooLarge ?? new AppError(413, 'api.upload.tooLarge'));
    if (this.limits.exactBytes !== undefined && this.count > this.limits.exactBytes) throw this.fail(this.wrongLength());
    this.hash.update(chunk);
    this.headCollector.add(chunk);
  }

  /** The inspection of everything fed; throws when the length is not the exact one required. */
  finish(): Inspection {
    if (this.limits.exactBytes !== undefined && this.count !== this.limits.exactBytes) throw this.fail(this.wrongLength());
    return { size: this.count, sha256: this.hash.digest('hex'), head: this.headCollector.head };
  }

  private wrongLength(): AppError {
    return this.limits.wrongLength ?? new AppError(400, 'api.upload.badChunk');
  }

  private fail(err: AppError): AppError {
    this.failure = err;
    return err;
  }
}

/**
 * A pass-through that checks the limits of the bytes flowing to storage and
 * stops the write as soon as one is broken, so nothing is ever buffered whole.
 * For a whole file it also hashes them and keeps their head; a chunk of a
 * chunked upload is not hashed on its own (its bytes go to `tap` instead, see
 * ChunkHashers). `failure` holds the error it raised (storage clients may wrap
 * stream errors in their own).
 */
export class Inspector extends Transform {
  private readonly probe: ContentProbe | undefined;
  private count = 0;
  failure: AppError | undefined;
  result: Inspection | undefined;

  constructor(
    private readonly limits: InspectorLimits,
    private readonly options: { whole: boolean; tap?: ((chunk: Buffer) => void) | undefined } = { whole: true },
  ) {
    super();
    this.probe = options.whole ? new ContentProbe(limits) : undefined;
    // Failures surface through `failure` and the consumer's pipeline; an error raised before the consumer
    // attaches (it may await something first) must not become an uncaught exception.
    this.on('error', () => {});
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    try {
      if (this.probe) this.probe.update(chunk);
      else this.check(chunk.length);
    } catch (err) {
      this.failure = err as AppError;
      done(this.failure);
      return;
    }
    this.options.tap?.(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    try {
      if (this.probe) this.result = this.probe.finish();
      else if (this.limits.exactBytes !== undefined && this.count !== this.limits.exactBytes) {
        throw this.limits.wrongLength ?? new AppError(400, 'api.upload.badChunk');
      }
    } catch (err) {
      this.failure = err as AppError;
      done(this.failure);
      return;
    }
    done();
  }

  /** The limits alone, for chunks. */
  private check(length: number): void {
    this.count += length;
    if (this.count > this.limits.maxBytes) throw this.limits.tooLarge ?? new AppError(413, 'api.upload.tooLarge');
    if (this.limits.exactBytes !== undefined && this.count > this.limits.exactBytes) {
      throw this.limits.wrongLength ?? new AppError(400, 'api.upload.badChunk');
    }
  }

  /** The inspection of a fully passed stream (whole files only). */
  done(): Inspection {
    if (!this.result) throw this.failure ?? new Error('stream not finished');
    return this.result;
  }
}

/** Pipes `source` through a new inspector; an error of `source` (client abort, busboy limit) fails the inspector too. */
export function inspect(source: Readable, limits: InspectorLimits, options?: ConstructorParameters<typeof Inspector>[1]): Inspector {
  const inspector = new Inspector(limits, options);
  // finished() also reports a source that failed or closed before this call: a chunk's request can
  // end badly while its claim is awaited, and piping a dead source would leave the inspector open.
  finished(source, { writable: false }, (err) => {
    if (err) inspector.destroy(err);
  });
  source.pipe(inspector);
  return inspector;
}

/** Reads a stream to its end through an inspector, keeping nothing but the inspection. */
export async function inspectAll(source: Readable, limits: InspectorLimits): Promise<Inspection> {
  const inspector = new Inspector(limits);
  await pipeline(source, inspector, new Writable({ write: (_chunk, _enc, done) => done() }));
  return inspector.done();
}
