import type { Router } from 'express';
import { z } from 'zod';
import type { RouteDeps } from '../../http/deps.ts';
import { describeRoute } from '../../http/openapi.ts';
import { component, millis } from '../../lib/contract.ts';
import { parse } from '../../lib/validate.ts';
import { actorOf } from '../../http/caller.ts';
import { fileDelBody, filesDelBatchBody, filesQuery } from './admin.schema.ts';
import { apiRouter } from '../../http/routes.ts';

const fileEntry = component(
  'File',
  z.object({
    name: z.string().describe('Stored name'),
    origin: z.string().describe('Original name'),
    size: z.number().int(),
    ts: millis.describe('Upload time'),
    kind: z.string(),
    used: z.number().int().describe('Records referencing the file (messages)'),
    avatar: z.boolean(),
  }),
  'An uploaded file as administrators see it (spec 2.15)',
);

const filesList = z.object({
  ok: z.literal(true),
  total: z.number().int().describe('Live files matching `q`'),
  totalSize: z.number().int().describe('Their bytes'),
  usedCount: z.number().int().describe('How many of them are referenced at least once'),
  limit: z.number().int(),
  offset: z.number().int(),
  files: z.array(fileEntry),
});

/** /api/admin/files*: uploaded files (spec 2.15 and 4.8), administrators only. */
export function adminFilesRoutes({ admin, services: { files } }: RouteDeps): Router {
  const r = apiRouter();

  r.get(
    '/api/admin/files',
    describeRoute({
      summary: 'Live uploaded files, newest first, with their use',
      description:
        '`q` matches the stored or the original name as a literal substring. `limit` defaults to 200 and is clamped to 1–1000, `offset` to 0 or more (an unparsable value gets the default).',
      query: filesQuery,
      response: filesList,
    }),
    admin,
    async (req, res) => {
      res.json({ ok: true, ...(await files.adminList(parse(filesQuery, req.query))) });
    },
  );

  r.post(
    '/api/admin/file/del',
    describeRoute({
      summary: 'Delete a file: its content goes, messages referencing it are marked `file_expired` (audited as `file.delete`)',
      body: fileDelBody,
      response: z.object({ ok: z.literal(true), expired: z.number().int().describe('Records marked `file_expired`') }),
      errors: {
        400: 'Not a stored name (`api.admin.fileInvalid`), or an avatar (`api.admin.fileIsAvatar`)',
        404: 'Unknown or already removed file (`api.admin.fileNotFound`)',
      },
    }),
    admin,
    async (req, res) => {
      const { name } = parse(fileDelBody, req.body, 'api.admin.fileInvalid');
      res.json({ ok: true, expired: await files.adminDelete(actorOf(req), name) });
    },
  );

  r.post(
    '/api/admin/files/del-batch',
    describeRoute({
      summary: 'Delete up to 200 files; each is deleted like file/del, refusals are counted',
      body: filesDelBatchBody,
      response: z.object({
        ok: z.literal(true),
        deleted: z.number().int(),
        failed: z.number().int().describe('Names refused (invalid, unknown, avatar), non-strings included'),
        expired: z.number().int().describe('Records marked `file_expired`, summed'),
      }),
      errors: { 413: 'More than 200 names (`api.tooLarge`)' },
    }),
    admin,
    async (req, res) => {
      const { names } = parse(filesDelBatchBody, req.body);
      const valid = names.filter((n): n is string => typeof n === 'string');
      const result = await files.adminDeleteBatch(actorOf(req), valid);
      res.json({ ok: true, deleted: result.deleted, failed: result.failed + (names.length - valid.length), expired: result.expired });
    },
  );

  return r;
}
