import path from 'node:path';
import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { DiskStore } from './disk.ts';

export type { BlobStore, ByteRange, StoredPart } from './blob-store.ts';
export { assertStoredName, MultipartGoneError, STORED_NAME_RE } from './blob-store.ts';

/** The directory of the disk store (and of tus' in-progress uploads in disk mode). */
export const uploadsDir = (config: Pick<Config, 'dataDir'>): string => path.join(config.dataDir, 'uploads');

/**
 * The store of the configured mode: S3 when S3_ENDPOINT/S3_BUCKET are set, else `DATA_DIR/uploads`.
 * The S3 store (and the AWS SDK under it) is imported only when configured.
 */
export async function openBlobStore(config: Pick<Config, 'dataDir' | 's3'>): Promise<BlobStore> {
  if (config.s3) return new (await import('./s3.ts')).S3Store(config.s3);
  return DiskStore.open(uploadsDir(config));
}
