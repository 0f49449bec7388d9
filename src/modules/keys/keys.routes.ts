import type { Router } from 'express';
import { clientIp } from '../../lib/client-address.ts';
import type { RouteDeps } from '../../http/deps.ts';
import { describeRoute } from '../../http/openapi.ts';
import { who } from '../../http/caller.ts';
import { parse } from '../../lib/validate.ts';
import { createKeyBody, deleteKeyBody, updateKeyBody } from './keys.schema.ts';
import { apiRouter } from '../../http/routes.ts';

/** /api/keys*: the session cookie only (spec 4.7). */
export function keysRoutes({ services: { keys }, cookieLogin }: RouteDeps): Router {
  const r = apiRouter();

  r.get(
    '/api/keys',
    describeRoute({ summary: 'Own API keys and the scopes one may grant', responseDescription: '`{ok, keys, scopes, defaultRate, isAdmin}`' }),
    cookieLogin,
    async (req, res) => {
    res.json({ ok: true, ...(await keys.list(who(req))) });
  });

  r.post(
    '/api/keys',
    describeRoute({
      summary: 'Create an API key (the plaintext is shown once)',
      body: createKeyBody,
      responseDescription: '`{ok, key, plaintext}`',
      errors: { 403: 'A non-administrator asked for `admin`' },
    }),
    cookieLogin,
    async (req, res) => {
    res.json({ ok: true, ...(await keys.create(who(req), parse(createKeyBody, req.body, 'api.key.invalid'), clientIp(req))) });
  });

  r.post(
    '/api/keys/update',
    describeRoute({ summary: 'Rename, rescope, revoke or unrevoke an own key', body: updateKeyBody }),
    cookieLogin,
    async (req, res) => {
    await keys.update(who(req), parse(updateKeyBody, req.body, 'api.key.invalid'), clientIp(req));
    res.json({ ok: true });
  });

  r.post(
    '/api/keys/delete',
    describeRoute({ summary: 'Delete an own key', body: deleteKeyBody, errors: { 404: 'No such key (`api.key.notFound`)' } }),
    cookieLogin,
    async (req, res) => {
    await keys.remove(who(req), parse(deleteKeyBody, req.body, 'api.key.invalid').id, clientIp(req));
    res.json({ ok: true });
  });

  return r;
}
