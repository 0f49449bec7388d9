import type { S3ClientConfig } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import { DependencyUnavailable } from '../errors.ts';

/**
 * What the S3 store and tus' S3 store share without loading the AWS SDK: a node that stores
 * uploads on disk (embedded mode) never imports @aws-sdk/client-s3 (half a second of start-up).
 */

/** Connecting to S3 gives up after this long (an unreachable host does not refuse, it stays silent). */
const CONNECT_TIMEOUT_MS = 3_000;
/** A request whose connection carries no byte for this long fails (a server that hangs). */
const IDLE_TIMEOUT_MS = 10_000;

export type S3Settings = NonNullable<Config['s3']>;

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * A failed S3 call as the rest of the server sees it: an unreachable, silent or failing server
 * (network error, timeout, 5xx) becomes DependencyUnavailable('storage'); anything else (a missing
 * object, an aborted body) stays what it is. Also used for the tus S3 store's failures.
 */
export function storageFailure(err: unknown): unknown {
  if (!(err instanceof Error) || err instanceof DependencyUnavailable) return err;
  const e = err as Error & { code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode ?? 0;
  if (e.name === 'TimeoutError' || (e.code !== undefined && NETWORK_CODES.has(e.code)) || status >= 500) {
    return new DependencyUnavailable('storage', err);
  }
  return err;
}

/** The S3 client settings shared by this store and the tus S3 store. */
export function s3ClientConfig(s3: S3Settings): S3ClientConfig {
  return {
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: IDLE_TIMEOUT_MS },
    // Some S3-compatible servers store corrupted objects under the SDK's default streaming checksums.
    requestChecksumCalculation: s3.checksums,
    responseChecksumValidation: s3.checksums,
    ...(s3.accessKeyId && s3.secretAccessKey
      ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
      : {}),
  };
}
