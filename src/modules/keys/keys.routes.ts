import type { Router } from 'express';
import { clientIp } from '../../lib/client-address.ts';
import type { RouteDeps } from '../../http/deps.ts';
import { describeRoute } from '../../http/openapi.ts';
import { who } from '../../http/caller.ts';
import { parse } from '../../lib/validate.ts';
import { createKeyBody, deleteKeyBody, keyCreatedAnswer, keysAnswer, updateKeyBody } from './keys.schema.ts';
import { okOnly } from '../../lib/contract.ts';
import { apiRouter } from '../../http/routes.ts';

/** /api/keys*: the session cookie only (spec 4.7). */
export function keysRoutes({ services: { keys }, cookieLogin }: RouteDeps): Router {
  const r = apiRouter();

  r.get(
    '/api/keys',
    describeRoute({ summary: 'Own API keys and the scopes one may grant', response: keysAnswer }),
    cookieLogin,
    async (req, res) => {
    res.json({ ok: true, ...(await keys.list(who(req))) });
  });

  r.post(
    '/api/keys',
    describeRoute({
      summary: 'Create an API key (the plaintext is shown once)',
      body: createKeyBody,
      response: keyCreatedAnswer,
      errors: {
        400: 'Empty or over-long name, no known scope, bad `expiresDays`, or any other invalid field (`api.key.invalid`)',
        403: 'A non-administrator asked for `admin` (`api.forbidden`)',
      },
    }),
    cookieLogin,
    async (req, res) => {
    res.json({ ok: true, ...(await keys.create(who(req), parse(createKeyBody, req.body, 'api.key.invalid'), clientIp(req))) });
  });

  r.post(
    '/api/keys/update',
    describeRoute({
      summary: 'Rename, rescope, revoke or unrevoke an own key',
      body: updateKeyBody,
      response: okOnly,
      errors: {
        400: 'Invalid field, no known scope, or not a key of the caller (`api.key.invalid`)',
        403: 'A non-administrator asked for `admin` (`api.forbidden`)',
      },
    }),
    cookieLogin,
    async (req, res) => {
    await keys.update(who(req), parse(updateKeyBody, req.body, 'api.key.invalid'), clientIp(req));
    res.json({ ok: true });
  });

  r.post(
    '/api/keys/delete',
    describeRoute({
      summary: 'Delete an own key',
      body: deleteKeyBody,
      response: okOnly,
      errors: { 400: 'No integer `id` (`api.key.invalid`)', 404: 'No such key of the caller (`api.key.notFound`)' },
    }),
    cookieLogin,
    async (req, res) => {
    await keys.remove(who(req), parse(deleteKeyBody, req.body, 'api.key.invalid').id, clientIp(req));
    res.json({ ok: true });
  });

  return r;
}
