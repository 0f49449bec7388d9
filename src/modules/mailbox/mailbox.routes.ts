import type { Router } from 'express';
import type { RouteDeps } from '../../http/deps.ts';
import { who } from '../../http/caller.ts';
import { describeRoute } from '../../http/openapi.ts';
import { parse } from '../../lib/validate.ts';
import { actorOf } from '../../http/caller.ts';
import { okOnly } from '../../lib/contract.ts';
import {
  announcementAddedAnswer,
  announcementBody,
  announcementIdBody,
  announcementsAnswer,
  markReadBody,
  notificationsAnswer,
  pageQuery,
  unreadAnswer,
} from './mailbox.schema.ts';
import { apiRouter } from '../../http/routes.ts';

/** Announcements (read by everyone, written by administrators) and the caller's notifications. */
export function mailboxRoutes({ login, admin, services: { mailbox } }: RouteDeps): Router {
  const r = apiRouter();

  r.get(
    '/api/announcements',
    describeRoute({
      tag: 'mailbox',
      summary: 'Site-wide announcements, newest first, paged',
      query: pageQuery,
      response: announcementsAnswer,
    }),
    login('profile.read'),
    async (req, res) => {
      res.json({ ok: true, announcements: await mailbox.announcements(parse(pageQuery, req.query)) });
    },
  );

  r.post(
    '/api/admin/announcements',
    describeRoute({
      tag: 'mailbox',
      summary: 'Publish an announcement; every connected socket receives `announcement`',
      body: announcementBody,
      response: announcementAddedAnswer,
      errors: {
        400: 'No title (`api.announcement.badTitle`)',
        413: 'Title over 100 or content over 5000 characters (`api.tooLarge`)',
      },
    }),
    admin,
    async (req, res) => {
      res.json({ ok: true, id: await mailbox.addAnnouncement(actorOf(req), parse(announcementBody, req.body)) });
    },
  );

  r.delete(
    '/api/admin/announcements',
    describeRoute({
      tag: 'mailbox',
      summary: 'Delete an announcement',
      description: '`id` in the JSON body, or (for clients that send no body with DELETE) in the query string: `?id=`.',
      body: announcementIdBody,
      response: okOnly,
      errors: { 404: 'No such announcement (`api.announcement.notFound`)' },
    }),
    admin,
    async (req, res) => {
      await mailbox.deleteAnnouncement(actorOf(req), parse(announcementIdBody, req.body?.id === undefined ? req.query : req.body).id);
      res.json({ ok: true });
    },
  );

  r.get(
    '/api/me/notifications',
    describeRoute({
      tag: 'mailbox',
      summary: "The caller's notifications, newest first, paged, with the unread count",
      query: pageQuery,
      response: notificationsAnswer,
    }),
    login('profile.read'),
    async (req, res) => {
      res.json({ ok: true, ...(await mailbox.notifications(who(req).userId, parse(pageQuery, req.query))) });
    },
  );

  r.post(
    '/api/me/notifications/read',
    describeRoute({
      tag: 'mailbox',
      summary: "Mark some of the caller's notifications read: `ids` (others' ids are ignored) and/or all up to `upTo`",
      body: markReadBody,
      response: unreadAnswer,
      errors: { 413: 'More than 1000 ids (`api.tooLarge`)' },
    }),
    login('profile.write'),
    async (req, res) => {
      res.json({ ok: true, ...(await mailbox.markRead(who(req).userId, parse(markReadBody, req.body))) });
    },
  );

  return r;
}
