import { z } from 'zod';
import { type FileKind, MAX_FILE_BYTES } from './uploads.policy.ts';

/** An id that names no session is answered 404 by the service, not 400 here. */
const uploadId = z.string().min(1).max(64);

/** POST /api/upload/init. */
export const initBody = z.object({
  /** The file's name on the client; only its last segment is kept, and only shown. */
  name: z.string().min(1, 'api.upload.badName').max(255, 'api.upload.badName'),
  /** Total bytes, 1 to 100 MB; anything else is an invalid size (413). */
  size: z.number().int('api.upload.tooLarge').min(1, 'api.upload.tooLarge').max(MAX_FILE_BYTES, 'api.upload.tooLarge'),
  /** Present to resume one of the caller's sessions. */
  uploadId: z.string().max(64).optional(),
});
export type InitBody = z.infer<typeof initBody>;

/** POST /api/upload/chunk?uploadId&index. */
export const chunkQuery = z.object({
  uploadId,
  index: z
    .string('api.upload.badChunk')
    .regex(/^\d{1,3}$/, 'api.upload.badChunk')
    .transform(Number),
});

/** POST /api/upload/complete and /abort. */
export const sessionBody = z.object({ uploadId });

// Documentation of the bodies and answers (the OpenAPI document); handlers stream the bodies with busboy.

const KINDS = ['image', 'code', 'audio', 'video', 'document', 'archive', 'other'] as const satisfies readonly FileKind[];

/** The multipart/form-data body of POST /api/upload and /api/upload/chunk: one part named `file`. */
export const fileForm = z.object({
  file: z.string().meta({
    contentMediaType: 'application/octet-stream',
    description: 'The content, as the part named `file`; its file name (in the part header) is kept for display',
  }),
});

/** `{ok, kind, url, name, size, deduped}`: every way of uploading ends with this. */
export const uploadResult = z.object({
  ok: z.literal(true),
  kind: z.enum(KINDS),
  url: z.string().describe('`/uploads/<stored name>`, where the file is served'),
  name: z.string().describe('The original name of this upload (display only)'),
  size: z.number().int().describe('Bytes stored'),
  deduped: z.boolean().describe("Identical content was already stored: `url` is that file's"),
});

/** The answer of POST /api/upload/init. */
export const sessionView = z.object({
  ok: z.literal(true),
  uploadId: z.string(),
  chunkSize: z.number().int().describe('5242880: every chunk but the last has exactly this size'),
  chunks: z.number().int(),
  received: z.array(z.number().int()).describe('Indexes already received (when resuming)'),
});

/** The answer of POST /api/upload/chunk. */
export const chunkResult = z.object({
  ok: z.literal(true),
  index: z.number().int(),
  received: z.array(z.number().int()),
});

/** Path parameter of GET /uploads/:name. */
export const storedNameParams = z.object({ name: z.string().describe('Stored name: 32 hex digits and an extension') });
