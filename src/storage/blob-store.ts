import type { Readable } from 'node:stream';

/** A stored name: 32 hex digits (128 random bits) and a lower-case extension. The only keys a store accepts. */
export const STORED_NAME_RE = /^[0-9a-f]{32}\.[a-z0-9]{1,10}$/;

/** Throws unless `name` is a stored name: no client-supplied path can reach a file system path or an S3 key. */
export function assertStoredName(name: string): void {
  if (!STORED_NAME_RE.test(name)) throw new Error(`not a stored name: ${JSON.stringify(name.slice(0, 80))}`);
}

/** A multipart write that no longer exists (aborted or purged): its parts are gone. */
export class MultipartGoneError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('multipart upload no longer exists', options);
    this.name = 'MultipartGoneError';
  }
}

/** An inclusive byte range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredPart {
  /** 0-based chunk index. */
  index: number;
  /** What `putPart` returned for it. */
  etag: string;
}

/**
 * Where file contents live: a directory (embedded) or an S3 bucket (cluster).
 * Objects are addressed by stored name only. Writes are atomic: an object is
 * visible under its name only once complete, and a failed write leaves nothing.
 */
export interface BlobStore {
  readonly kind: 'disk' | 's3';
  /**
   * Streams `body` into a new object. With `size`, S3 streams it straight through; without, S3 must
   * hold the body (at most 8 MiB, in memory) to learn its length first.
   */
  put(name: string, body: Readable, size?: number): Promise<void>;
  /** The object's content (or the inclusive `range` of it); undefined when it does not exist. */
  get(name: string, range?: ByteRange): Promise<Readable | undefined>;
  /** Removes an object; removing a missing object is not an error. */
  delete(name: string): Promise<void>;

  /** Starts a multipart write that will become object `name`; returns its id. */
  createMultipart(name: string): Promise<string>;
  /**
   * Stores part `index` (0-based) of exactly `size` bytes, which are bytes `offset`.. of the object,
   * and returns its etag, which names this write. Throws MultipartGoneError after an abort.
   *
   * The caller must never store an index while another write of it is in progress, nor once it has
   * recorded the index as received: a store that writes parts in place (disk) has one copy of each
   * byte range, and a second write would change bytes the caller may already have hashed. A write
   * that fails may leave some of its bytes; storing the index again overwrites them all.
   */
  putPart(name: string, multipartId: string, index: number, body: Readable, size: number, offset: number): Promise<string>;
  /**
   * Makes the listed parts (by etag) in index order into object `name` and releases the multipart
   * write. A store that has the bytes here (disk) hands them to `observe` in order, when given,
   * and resolves true; one that joins remotely (S3) resolves false. An error thrown by `observe`
   * fails the join and leaves no object.
   */
  completeMultipart(name: string, multipartId: string, parts: readonly StoredPart[], observe?: (chunk: Buffer) => void): Promise<boolean>;
  /** Drops a multipart write and its parts; aborting an unknown id is not an error. */
  abortMultipart(name: string, multipartId: string): Promise<void>;

  /** Whether the store is reachable and usable now (readiness): the directory is writable, the bucket answers. */
  ping(): Promise<boolean>;

  close(): Promise<void>;
}
