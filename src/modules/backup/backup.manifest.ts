import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { STORED_NAME_RE } from '../../storage/index.ts';

/**
 * The archive `npm run export` writes and `npm run import` reads: a directory
 *
 *   manifest.json          what is in it, with counts and sha256 checksums (written last)
 *   tables/<table>.ndjson  one row per line: a JSON array of the columns' PostgreSQL text forms (null for NULL)
 *   files.ndjson           one stored file per line: {name, size, sha256}
 *   files/<stored name>    the stored files' contents
 */
export const ARCHIVE_FORMAT = 'chat-archive';
export const ARCHIVE_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
export const FILE_LIST = 'files.ndjson';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
/** Table, column and sequence names of the source's catalog (always quoted in SQL). */
const identifier = z.string().min(1).max(63);

export const tableEntry = z.object({
  name: identifier,
  /** Path inside the archive. */
  file: z.string().regex(/^tables\/[^/]+\.ndjson$/),
  /** In the order of each line's values; generated columns are left out (the target computes them). */
  columns: z.array(z.object({ name: identifier, type: z.string().min(1) })).min(1),
  rows: z.number().int().min(0),
  bytes: z.number().int().min(0),
  sha256,
});
export type TableEntry = z.infer<typeof tableEntry>;

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  /** When the snapshot was taken (ms since the epoch). */
  created: z.number().int(),
  source: z.object({
    app: z.string(),
    database: z.enum(['pglite', 'postgres']),
    store: z.enum(['disk', 's3']),
  }),
  /** The schema the rows belong to: the migrations applied to the source, in order; the last is its version. */
  schema: z.object({
    version: z.number().int().min(0),
    migrations: z.array(z.string()),
  }),
  tables: z.array(tableEntry),
  /** Tables of the public schema deliberately left out, with the reason. */
  excluded: z.record(z.string(), z.string()),
  sequences: z.array(z.object({ name: identifier, value: z.string().regex(/^-?\d+$/), called: z.boolean() })),
  files: z.object({
    list: z.literal(FILE_LIST),
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    sha256,
    /** Recorded in the database but gone from the store when the export copied it (deleted meanwhile). */
    missing: z.array(z.string()),
  }),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const fileEntry = z.object({ name: z.string().regex(STORED_NAME_RE), size: z.number().int().min(0), sha256 });
export type FileEntry = z.infer<typeof fileEntry>;

/** Where a table's rows go inside the archive. */
export const tableFile = (table: string): string => `tables/${encodeURIComponent(table)}.ndjson`;

/** Where a stored file goes inside the archive (stored names are already safe file names). */
export const blobFile = (name: string): string => `files/${name}`;

/** Reads and checks the manifest of an archive directory. */
export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${dir} has no ${MANIFEST_FILE}: not an archive, or an export that did not finish`);
    throw err;
  }
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${MANIFEST_FILE} is not a ${ARCHIVE_FORMAT} version ${ARCHIVE_VERSION} manifest: ${parsed.error.message}`);
  return parsed.data;
}

/** The sha256 and length of a file of the archive. */
export async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}
