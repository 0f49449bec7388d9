import type { Router } from 'express';
import { clientIp } from '../../lib/client-address.ts';
import type { RouteDeps } from '../../http/deps.ts';
import { who } from '../../http/caller.ts';
import { describeRoute } from '../../http/openapi.ts';
import { parse } from '../../lib/validate.ts';
import { HISTORY_MAX } from './messages.policy.ts';
import { actorOf } from '../../http/caller.ts';
import { groupFileDeleteBody, historyQuery, reportBody, searchQuery, sendBody } from './messages.schema.ts';
import { apiRouter } from '../../http/routes.ts';

/** /api/messages*: history, search and the HTTP send (spec 4.5); /api/report (spec 4.3). */
export function messagesRoutes({ services: { messages, reports, groupFiles }, login }: RouteDeps): Router {
  const r = apiRouter();

  r.post(
    '/api/groups/file/delete',
    describeRoute({
      tag: 'groups',
      summary: 'Remove a file shared in the group: its messages are kept and marked file_expired (owner, group admin or platform admin)',
      description:
        "The file's uploader and platform administrators delete the file itself (every message referencing it is marked). Any other manager withdraws it from this group: only this group's messages are marked, and the file is removed only when no live message or avatar anywhere still uses it.",
      body: groupFileDeleteBody,
      responseDescription: '`{ok, expired}`: how many messages were marked',
      errors: {
        400: 'Not an upload path (`api.admin.fileInvalid`) or an avatar (`api.admin.fileIsAvatar`)',
        403: 'Not a manager of the group (`api.forbidden`, `api.group.noView`)',
        404: 'Unknown group (`api.group.notFound`), or no message of the group shares this file (`api.admin.fileNotFound`)',
      },
    }),
    login('groups.manage'),
    async (req, res) => {
      const b = parse(groupFileDeleteBody, req.body);
      res.json({ ok: true, expired: await groupFiles.delete(actorOf(req), who(req), b.gid, b.url) });
    },
  );

  r.get(
    '/api/messages',
    describeRoute({
      summary: 'A page of a group or direct conversation, oldest first',
      description:
        'Without `limit`, `before` or `after`: the whole kept history (at most 500 messages are kept per room). `before`: older pages. `after`: the oldest messages above an idx (catch-up after a reconnect). `limit`: at most 500; 100 by default with `before` or `after`.',
      query: historyQuery,
      responseDescription: '`{ok, messages: [Message], max: 500}`',
      errors: {
        403: 'Own name (`api.msg.self`), or a group the caller is not in (`api.group.noView`)',
        404: 'Unknown user (`api.user.notFound`) or group (`api.group.notFound`)',
      },
    }),
    login('messages.read'),
    async (req, res) => {
      const records = await messages.historyJson(who(req).userId, parse(historyQuery, req.query));
      // Already JSON (see history-cache.ts): spliced in, not parsed and serialised again.
      res.type('application/json').send(`{"ok":true,"messages":${records},"max":${HISTORY_MAX}}`);
    },
  );

  r.get(
    '/api/messages/search',
    describeRoute({
      summary: "Substring search over text messages of the caller's groups and direct conversations",
      description: 'Case-insensitive; `%` and `_` are literal. Newest first.',
      query: searchQuery,
      responseDescription: '`{ok, messages: [{idx, from, type, content, ts, gid | dm}]}`',
    }),
    login('messages.read'),
    async (req, res) => {
      const query = parse(searchQuery, req.query);
      res.json({ ok: true, messages: await messages.search(who(req).userId, query.q, query.limit) });
    },
  );

  r.post(
    '/api/messages',
    describeRoute({
      summary: 'Send a message (same rules and delivery as the socket `msg` event)',
      body: sendBody,
      responseDescription: '`{ok, message}` once stored',
      errors: {
        400: 'Blank text (`api.msg.empty`), malformed merge (`api.msg.badMerge`), file content not an upload path (`api.msg.badFile`)',
        403: 'Not a member (`api.group.noView`), muted (`api.msg.groupMuted`), not a friend (`api.msg.notFriend`), oneself (`api.msg.self`), a file neither uploaded by the sender nor shared with them (`api.file.notYours`)',
        404: 'Unknown user or group',
        413: 'Text over 4096 characters, merge over 100 items or 8000 characters (`api.msg.tooLong`)',
      },
    }),
    login('messages.send'),
    async (req, res) => {
      res.json({ ok: true, message: await messages.send(who(req).userId, parse(sendBody, req.body)) });
    },
  );

  r.post(
    '/api/report',
    describeRoute({
      tag: 'messages',
      summary: 'Report a message or a user to the administrators',
      description: "The reporter's address and a snapshot of the message are recorded.",
      body: reportBody,
      responseDescription: '`{ok, id}`',
      errors: {
        400: 'Reporting oneself (`api.report.self`)',
        403: 'A message of a room the caller cannot read',
        404: 'Unknown message, user or group',
        409: 'Already reported and still pending (`api.report.duplicate`)',
      },
    }),
    login('messages.read'),
    async (req, res) => {
      res.json({ ok: true, ...(await reports.report(who(req).userId, clientIp(req), parse(reportBody, req.body))) });
    },
  );

  return r;
}
