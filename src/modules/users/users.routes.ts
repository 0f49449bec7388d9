import type { Router } from 'express';
import { clientIp } from '../../lib/client-address.ts';
import type { RouteDeps } from '../../http/deps.ts';
import { who } from '../../http/caller.ts';
import { describeRoute } from '../../http/openapi.ts';
import { parse } from '../../lib/validate.ts';
import {
  meAnswer,
  passwordChange,
  profileAnswer,
  profileQuery,
  profileUpdate,
  settingsAnswer,
  settingsUpdate,
  usersAnswer,
  usersQuery,
} from './users.schema.ts';
import { okOnly } from '../../lib/contract.ts';
import { apiRouter } from '../../http/routes.ts';

/** The current account (/api/me, profile, settings, password) and the user list. */
export function usersRoutes({ services: { users, auth }, login }: RouteDeps): Router {
  const r = apiRouter();

  r.get(
    '/api/me',
    describeRoute({
      tag: 'account',
      summary: 'The current account (spec 2.2)',
      response: meAnswer,
      errors: { 404: 'The account is gone (`api.user.notFound`)' },
    }),
    login('profile.read'),
    async (req, res) => {
      res.json({ ok: true, ...(await users.me(who(req))) });
    },
  );

  r.get(
    '/api/users',
    describeRoute({
      tag: 'users',
      summary: 'Active users, filtered by a name or nickname substring, paged',
      query: usersQuery,
      response: usersAnswer,
      errors: { 413: 'Keyword over 64 characters (`api.tooLarge`)' },
    }),
    login('users.read'),
    async (req, res) => {
      res.json({ ok: true, users: await users.list(parse(usersQuery, req.query)) });
    },
  );

  r.get(
    '/api/profile',
    describeRoute({
      tag: 'account',
      summary: "A user's profile (own when `name` is omitted)",
      query: profileQuery,
      response: profileAnswer,
      errors: { 404: 'Unknown user (`api.user.notFound`)' },
    }),
    login('profile.read'),
    async (req, res) => {
    const { name } = parse(profileQuery, req.query);
    res.json({ ok: true, profile: await users.profile(who(req), name) });
  });

  r.post(
    '/api/profile',
    describeRoute({
      tag: 'account',
      summary: 'Change nickname, signature or avatar',
      body: profileUpdate,
      response: okOnly,
      errors: {
        400: 'Avatar not the path of a live image uploaded here (`api.profile.badAvatar`)',
        403: 'Avatar an image someone else uploaded (`api.file.notYours`)',
        413: 'Nickname over 32, signature or avatar over 200 characters (`api.tooLarge`)',
      },
    }),
    login('profile.write'),
    async (req, res) => {
    await users.updateProfile(who(req), parse(profileUpdate, req.body));
    res.json({ ok: true });
  });

  r.get(
    '/api/settings',
    describeRoute({
      tag: 'account',
      summary: 'Own persisted settings',
      response: settingsAnswer,
      errors: { 404: 'The account is gone (`api.user.notFound`)' },
    }),
    login('profile.read'),
    async (req, res) => {
    res.json({ ok: true, ...(await users.settings(who(req))) });
  });

  r.post(
    '/api/settings',
    describeRoute({ tag: 'account', summary: 'Change settings (omitted fields unchanged)', body: settingsUpdate, response: okOnly }),
    login('profile.write'),
    async (req, res) => {
    await users.updateSettings(who(req), parse(settingsUpdate, req.body));
    res.json({ ok: true });
  });

  r.post(
    '/api/pass',
    describeRoute({
      tag: 'account',
      summary: "Change the password; ends the account's other sessions",
      body: passwordChange,
      response: okOnly,
      errors: {
        400: 'Weak new password (`api.register.weakPassword`)',
        401: 'Wrong current password (`api.pass.wrongOld`)',
      },
    }),
    login('security'),
    async (req, res) => {
    const body = parse(passwordChange, req.body);
    await auth.changePassword(who(req), body.oldPassword, body.newPassword, clientIp(req));
    res.json({ ok: true });
  });

  return r;
}
