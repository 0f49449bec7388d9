import type { Router } from 'express';
import type { RouteDeps } from '../../http/deps.ts';
import { describeRoute } from '../../http/openapi.ts';
import { parse } from '../../lib/validate.ts';
import { actorOf } from '../../http/caller.ts';
import {
  adminUsersAnswer,
  approvalsAnswer,
  nameBody,
  namePasswordBody,
  renameBody,
  reviewBody,
  roleBody,
  userAddedAnswer,
  userImageBody,
  usersQuery,
} from './admin.schema.ts';
import { okOnly } from '../../lib/contract.ts';
import { apiRouter } from '../../http/routes.ts';

/** /api/admin/*: administrators only. */
export function adminRoutes({ admin, services }: RouteDeps): Router {
  const service = services.admin;
  const users = services.adminUsers;
  const r = apiRouter();

  r.get(
    '/api/admin/approvals',
    describeRoute({ summary: 'Registrations awaiting review, oldest first', response: approvalsAnswer }),
    admin, async (_req, res) => {
    res.json({ ok: true, approvals: await service.approvals() });
  });

  r.post(
    '/api/admin/review/approve',
    describeRoute({
      tag: 'admin',
      summary: 'Approve a pending registration',
      body: reviewBody,
      response: okOnly,
      errors: { 404: 'The user is not pending (`api.user.notPending`)' },
    }),
    admin,
    async (req, res) => {
      await service.review(actorOf(req), parse(reviewBody, req.body).name, true);
      res.json({ ok: true });
    },
  );

  r.post(
    '/api/admin/review/reject',
    describeRoute({
      tag: 'admin',
      summary: 'Reject a pending registration',
      body: reviewBody,
      response: okOnly,
      errors: { 404: 'The user is not pending (`api.user.notPending`)' },
    }),
    admin,
    async (req, res) => {
      await service.review(actorOf(req), parse(reviewBody, req.body).name, false);
      res.json({ ok: true });
    },
  );

  // ---- user administration ----
  const noUser = 'Unknown user (`api.user.notFound`)';
  const lastAdmin = 'It would leave no usable administrator (`api.admin.lastAdmin`)';

  r.get(
    '/api/admin/users',
    describeRoute({
      tag: 'admin',
      summary: 'Every account, filtered by a name substring and the shown status (`banned`: a ban in force), paged',
      query: usersQuery,
      response: adminUsersAnswer,
    }),
    admin,
    async (req, res) => {
      res.json({ ok: true, ...(await users.list(parse(usersQuery, req.query))) });
    },
  );

  r.post(
    '/api/admin/user/add',
    describeRoute({
      tag: 'admin',
      summary: 'Create an active account',
      body: namePasswordBody,
      response: userAddedAnswer,
      errors: {
        400: 'Invalid name (`api.register.badName`) or weak password (`api.register.weakPassword`)',
        409: 'Name taken (`api.user.nameTaken`)',
      },
    }),
    admin,
    async (req, res) => {
      const body = parse(namePasswordBody, req.body);
      res.json({ ok: true, name: await users.add(actorOf(req), body.name, body.password) });
    },
  );

  r.post(
    '/api/admin/user/del',
    describeRoute({
      tag: 'admin',
      summary: 'Delete an account (runs the beforeUserDelete hooks; what it owns goes with it)',
      body: nameBody,
      response: okOnly,
      errors: {
        404: noUser,
        409: lastAdmin,
        500: "A module's `beforeUserDelete` hook failed: nothing is deleted (`api.internal`)",
      },
    }),
    admin,
    async (req, res) => {
      await users.remove(actorOf(req), parse(nameBody, req.body).name);
      res.json({ ok: true });
    },
  );

  r.post(
    '/api/admin/user/image',
    describeRoute({
      tag: 'admin',
      summary: "Set a user's avatar (an image uploaded to this server) or clear it (empty)",
      body: userImageBody,
      response: okOnly,
      errors: { 400: 'Not the path of a live image uploaded here (`api.profile.badAvatar`)', 404: noUser, 413: 'Path over 200 characters (`api.tooLarge`)' },
    }),
    admin,
    async (req, res) => {
      const body = parse(userImageBody, req.body);
      await users.setImage(actorOf(req), body.name, body.image);
      res.json({ ok: true });
    },
  );

  r.post(
    '/api/admin/user/rename',
    describeRoute({
      tag: 'admin',
      summary: 'Rename a user; sessions stay valid, live connections receive `me.changed`',
      body: renameBody,
      response: okOnly,
      errors: { 400: 'Invalid new name (`api.register.badName`)', 404: noUser, 409: 'Name taken (`api.user.nameTaken`)' },
    }),
    admin,
    async (req, res) => {
      const body = parse(renameBody, req.body);
      await users.rename(actorOf(req), body.name, body.newName);
      res.json({ ok: true });
    },
  );

  r.post(
    '/api/admin/user/pass',
    describeRoute({
      tag: 'admin',
      summary: "Reset a user's password; ends their sessions and sockets (`logged.out`), keeps their API keys",
      body: namePasswordBody,
      response: okOnly,
      errors: { 400: 'Weak password (`api.register.weakPassword`)', 404: noUser },
    }),
    admin,
    async (req, res) => {
      const body = parse(namePasswordBody, req.body);
      await users.resetPassword(actorOf(req), body.name, body.password);
      res.json({ ok: true });
    },
  );

  r.post(
    '/api/admin/user/role',
    describeRoute({
      tag: 'admin',
      summary: "Change a user's role (`user` or `admin`); live connections receive `me.changed`",
      body: roleBody,
      response: okOnly,
      errors: { 400: 'Unknown role (`api.admin.badRole`)', 404: noUser, 409: lastAdmin },
    }),
    admin,
    async (req, res) => {
      const body = parse(roleBody, req.body);
      await users.setRole(actorOf(req), body.name, body.role);
      res.json({ ok: true });
    },
  );

  return r;
}
