import type { Router } from 'express';
import type { RouteDeps } from '../../http/deps.ts';
import { who } from '../../http/caller.ts';
import { describeRoute } from '../../http/openapi.ts';
import { parse } from '../../lib/validate.ts';
import { friendBody, friendsAnswer, remarkBody } from './friends.schema.ts';
import { okOnly } from '../../lib/contract.ts';
import { apiRouter } from '../../http/routes.ts';

/** /api/friends*: list, requests, remarks, removal (spec 4.3). */
export function friendsRoutes({ services: { friends }, login }: RouteDeps): Router {
  const r = apiRouter();

  r.get(
    '/api/friends',
    describeRoute({
      tag: 'friends',
      summary: 'Own friends with their remarks, and pending friend requests both ways',
      response: friendsAnswer,
    }),
    login('friends.read'),
    async (req, res) => {
      res.json({ ok: true, ...(await friends.list(who(req))) });
    },
  );

  r.post(
    '/api/friends/request',
    describeRoute({
      tag: 'friends',
      summary: 'Send a friend request',
      body: friendBody,
      response: okOnly,
      errors: {
        400: 'Oneself (`api.friend.self`)',
        404: 'Unknown or inactive user (`api.user.notFound`)',
        409: 'Already friends (`api.friend.already`), already requested (`api.friend.alreadyRequested`), or the other person has asked first: accept instead (`api.friend.reversePending`)',
      },
    }),
    login('friends.write'),
    async (req, res) => {
      await friends.request(who(req), parse(friendBody, req.body).name);
      res.json({ ok: true });
    },
  );

  r.post(
    '/api/friends/accept',
    describeRoute({
      tag: 'friends',
      summary: "Accept a person's pending friend request: you become friends",
      body: friendBody,
      response: okOnly,
      errors: { 404: 'Unknown user (`api.user.notFound`) or no pending request from them (`api.friend.noRequest`)' },
    }),
    login('friends.write'),
    async (req, res) => {
      await friends.accept(who(req), parse(friendBody, req.body).name);
      res.json({ ok: true });
    },
  );

  r.post(
    '/api/friends/decline',
    describeRoute({
      tag: 'friends',
      summary: "Decline a person's friend request, or else withdraw the caller's own request to them",
      body: friendBody,
      response: okOnly,
      errors: { 404: 'Unknown user (`api.user.notFound`) or no pending request either way (`api.friend.noRequest`)' },
    }),
    login('friends.write'),
    async (req, res) => {
      await friends.decline(who(req), parse(friendBody, req.body).name);
      res.json({ ok: true });
    },
  );

  r.post(
    '/api/friends/remove',
    describeRoute({
      tag: 'friends',
      summary: 'End a friendship (both remarks go with it)',
      body: friendBody,
      response: okOnly,
      errors: { 403: 'Not friends (`api.friend.notFriend`)', 404: 'Unknown user (`api.user.notFound`)' },
    }),
    login('friends.write'),
    async (req, res) => {
      await friends.remove(who(req), parse(friendBody, req.body).name);
      res.json({ ok: true });
    },
  );

  r.post(
    '/api/friends/remark',
    describeRoute({
      tag: 'friends',
      summary: 'Set or clear (empty) the private remark for a friend',
      body: remarkBody,
      response: okOnly,
      errors: {
        403: 'Unknown user (`api.friend.notFound`) or not a friend (`api.friend.notFriend`)',
        413: 'Remark over 32 characters (`api.tooLarge`)',
      },
    }),
    login('friends.write'),
    async (req, res) => {
      const body = parse(remarkBody, req.body);
      await friends.remark(who(req), body.to, body.remark);
      res.json({ ok: true });
    },
  );

  return r;
}
