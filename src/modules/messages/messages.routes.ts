import type { Router } from 'express';
import { clientIp } from '../../lib/client-address.ts';
import type { RouteDeps } from '../../http/deps.ts';
import { who } from '../../http/caller.ts';
import { describeRoute } from '../../http/openapi.ts';
import { parse } from '../../lib/validate.ts';
import { HISTORY_MAX } from './messages.policy.ts';
import { actorOf } from '../../http/caller.ts';
import {
  groupFileDeleteBody,
  groupFileDeleteResponse,
  historyQuery,
  historyResponse,
  reportBody,
  reportResponse,
  searchQuery,
  searchResponse,
  sendBody,
  sendResponse,
} from './messages.schema.ts';
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
      response: groupFileDeleteResponse,
      errors: {
        400: 'Not an upload path (`api.admin.fileInvalid`) or an avatar (`api.admin.fileIsAvatar`)',
        403: 'Not a manager of the group (`api.forbidden`; `api.group.noView` for a non-member)',
        404: 'Unknown group (`api.group.notFound`), or no message of the group shares this file (`api.admin.fileNotFound`)',
        413: 'URL over 200 characters (`api.tooLarge`)',
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
      response: historyResponse,
      errors: {
        400: 'Neither or both of `gid` and `dm` (`api.msg.noRoom`)',
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
      response: searchResponse,
      errors: { 413: '`q` over 100 characters (`api.tooLarge`)' },
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
      response: sendResponse,
      responseDescription: 'The message once stored (or, for a repeated `cid`, the one stored the first time)',
      errors: {
        400: 'Neither or both of `gid` and `dm` (`api.msg.noRoom`), blank text (`api.msg.empty`), malformed merge (`api.msg.badMerge`), file content not a live upload of this server (`api.msg.badFile`)',
        403: 'Not a member (`api.group.noView`), muted in the group or under mute-all (`api.msg.groupMuted`), muted by a penalty (`api.msg.muted`), not a friend (`api.msg.notFriend`), oneself (`api.msg.self`), a file neither uploaded by the sender nor shared with them (`api.file.notYours`)',
        404: 'Unknown or inactive user (`api.user.notFound`) or unknown group (`api.group.notFound`)',
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
      response: reportResponse,
      errors: {
        400: 'Reporting oneself or one\'s own message (`api.report.self`); a message report without exactly one of `gid` and `dm` (`api.msg.noRoom`)',
        403: 'A message of a group the caller is not in (`api.group.noView`) or of a conversation with oneself (`api.msg.self`)',
        404: 'Unknown message (`api.msg.notFound`), user (`api.user.notFound`) or group (`api.group.notFound`)',
        409: 'Already reported and still pending (`api.report.duplicate`)',
        413: 'Reason over 500 characters (`api.tooLarge`)',
      },
    }),
    login('messages.read'),
    async (req, res) => {
      res.json({ ok: true, ...(await reports.report(who(req).userId, clientIp(req), parse(reportBody, req.body))) });
    },
  );

  return r;
}
