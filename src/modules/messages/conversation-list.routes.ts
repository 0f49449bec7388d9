import type { Router } from 'express';
import { who } from '../../http/caller.ts';
import type { RouteDeps } from '../../http/deps.ts';
import { describeRoute } from '../../http/openapi.ts';
import { apiRouter } from '../../http/routes.ts';
import { parse } from '../../lib/validate.ts';
import { conversationListResponse, markReadBody, markReadResponse, quietBody, quietResponse } from './conversation-list.schema.ts';

/** What the routes naming one room answer when it cannot be opened (Conversations.open, purpose 'read'). */
const ROOM_ERRORS = {
  400: 'Neither or both of `gid` and `dm` (`api.msg.noRoom`)',
  403: 'A group the caller is not in (`api.group.noView`), or oneself (`api.msg.self`)',
  404: 'Unknown group (`api.group.notFound`) or user (`api.user.notFound`)',
};

/** /api/conversations: the conversation list with unread counts, and read markers (docs/protocol.md). */
export function conversationListRoutes({ services: { conversationList }, login }: RouteDeps): Router {
  const r = apiRouter();

  r.get(
    '/api/conversations',
    describeRoute({
      tag: 'messages',
      summary: 'Every group the caller is in and every friend, with the newest message, the read marker and the unread count',
      description:
        'Newest activity first; rooms without messages last, by name. A client catching up after a reconnect lists once, then fetches `GET /api/messages?after=` only for rooms whose `lastIdx` moved.',
      response: conversationListResponse,
    }),
    login('messages.read'),
    async (req, res) => {
      res.json({ ok: true, conversations: await conversationList.list(who(req).userId) });
    },
  );

  r.post(
    '/api/conversations/read',
    describeRoute({
      tag: 'messages',
      summary: "Move the caller's read marker of a room forward",
      description:
        'A smaller `idx` than the marker changes nothing; one above the newest message is lowered to it. When the marker moves, the caller\'s connections get the socket event `read`, and in a direct conversation so does the friend (a read receipt) unless the caller\'s settings say `readReceipts: false`.',
      body: markReadBody,
      response: markReadResponse,
      errors: ROOM_ERRORS,
    }),
    login('messages.read'),
    async (req, res) => {
      res.json({ ok: true, idx: await conversationList.markRead(who(req).userId, parse(markReadBody, req.body)) });
    },
  );

  r.post(
    '/api/conversations/quiet',
    describeRoute({
      tag: 'messages',
      summary: "Silence a room's notifications for the caller, or let them sound again",
      description:
        "Kept on the server, so every device of the caller follows: the list's `quiet`, and the socket event `quiet` to the caller's connections. A client then notifies only of messages naming the caller. Unread counts are unchanged.",
      body: quietBody,
      response: quietResponse,
      errors: ROOM_ERRORS,
    }),
    login('messages.read'),
    async (req, res) => {
      res.json({ ok: true, quiet: await conversationList.setQuiet(who(req).userId, parse(quietBody, req.body)) });
    },
  );

  return r;
}
