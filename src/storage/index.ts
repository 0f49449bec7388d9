import path from 'node:path';
import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { DiskStore } from './disk.ts';
import { S3Store } from './s3.ts';

export type { BlobStore, ByteRange, StoredPart } from './blob-store.ts';
export { assertStoredName, MultipartGoneError, STORED_NAME_RE } from './blob-store.ts';

/** The directory of the disk store (and of tus' in-progress uploads in disk mode). */
export const uploadsDir = (config: Pick<Config, 'dataDir'>): string => path.join(config.dataDir, 'uploads');

/** The store of the configured mode: S3 when S3_ENDPOINT/S3_BUCKET are set, else `DATA_DIR/uploads`. */
export async function openBlobStore(config: Pick<Config, 'dataDir' | 's3'>): Promise<BlobStore> {
  if (config.s3) return new S3Store(config.s3);
  return DiskStore.open(uploadsDir(config));
}
