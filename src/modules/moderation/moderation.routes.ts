import type { RequestHandler, Router } from 'express';
import { clientIp } from '../../lib/client-address.ts';
import type { RouteDeps } from '../../http/deps.ts';
import { who } from '../../http/caller.ts';
import { describeRoute } from '../../http/openapi.ts';
import { parse } from '../../lib/validate.ts';
import { forbidden } from '../../errors.ts';
import { actorOf } from '../../http/caller.ts';
import type { PenaltiesService } from './penalties.service.ts';
import { okOnly } from '../../lib/contract.ts';
import {
  addPenaltyBody,
  adminPenaltiesAnswer,
  appealAddedAnswer,
  appealsAnswer,
  myPenaltiesAnswer,
  penaltyAddedAnswer,
  reportPunishedAnswer,
  reportsAnswer,
  appealBody,
  appealsQuery,
  handleAppealBody,
  idBody,
  penaltiesQuery,
  punishReportBody,
  reportsQuery,
} from './moderation.schema.ts';
import { apiRouter } from '../../http/routes.ts';

/**
 * Refuses every request from an address under an ip ban (403), before the
 * body is read. Mounted first in the chain (src/http/server.ts).
 */
export function ipBanGate(penalties: PenaltiesService): RequestHandler {
  return async (req, _res, next) => {
    if (await penalties.isAddressBanned(clientIp(req))) throw forbidden('api.penalty.ipBanned');
    next();
  };
}

/** The 400 answers of imposing a penalty (`penalties/add`, `reports/punish`). */
const PENALTY_REFUSALS =
  'Unknown action (`api.penalty.badAction`), bad duration (`api.penalty.badDuration`), oneself (`api.penalty.self`), ' +
  "an ip ban without a recorded address (`api.penalty.noAddress`) or on the caller's own address (`api.penalty.ownAddress`)";

/** Penalties (administrators; the user's own list), appeals and the report queue. */
export function moderationRoutes({ login, admin, services: { penalties, appeals, reportQueue } }: RouteDeps): Router {
  const r = apiRouter();

  r.get(
    '/api/admin/penalties',
    describeRoute({
      tag: 'moderation',
      summary: 'Penalties, newest first, filtered by user and by whether they are in force, paged',
      query: penaltiesQuery,
      response: adminPenaltiesAnswer,
    }),
    admin,
    async (req, res) => {
      res.json({ ok: true, penalties: await penalties.list(parse(penaltiesQuery, req.query)) });
    },
  );

  r.post(
    '/api/admin/penalties/add',
    describeRoute({
      tag: 'moderation',
      summary: 'Impose a warning, mute, ban or ip ban (`duration` in seconds; 0 or over 3650 days: permanent)',
      description:
        'A ban ends the user\'s sessions and sockets (`logged.out`); an ip ban also refuses every request and handshake from ' +
        'the user\'s last login address. The user receives `penalty` and a notification.',
      body: addPenaltyBody,
      response: penaltyAddedAnswer,
      errors: {
        400: PENALTY_REFUSALS,
        404: 'Unknown user (`api.user.notFound`)',
        413: 'Reason over 500 characters (`api.tooLarge`)',
      },
    }),
    admin,
    async (req, res) => {
      res.json({ ok: true, penalty: await penalties.add(actorOf(req), parse(addPenaltyBody, req.body)) });
    },
  );

  r.post(
    '/api/admin/penalties/revoke',
    describeRoute({
      tag: 'moderation',
      summary: 'Revoke a penalty',
      body: idBody,
      response: okOnly,
      errors: { 404: 'No such penalty (`api.penalty.notFound`)', 409: 'Already revoked (`api.penalty.alreadyRevoked`)' },
    }),
    admin,
    async (req, res) => {
      await penalties.revoke(actorOf(req), parse(idBody, req.body).id);
      res.json({ ok: true });
    },
  );

  r.get(
    '/api/me/penalties',
    describeRoute({ tag: 'moderation', summary: "The caller's own penalties, newest first", response: myPenaltiesAnswer }),
    login('profile.read'),
    async (req, res) => {
      res.json({ ok: true, penalties: await penalties.mine(who(req).userId) });
    },
  );

  r.post(
    '/api/appeal',
    describeRoute({
      tag: 'moderation',
      summary: 'Appeal against one of the caller\'s penalties that is in force',
      body: appealBody,
      response: appealAddedAnswer,
      errors: {
        400: 'No reason (`api.appeal.noReason`)',
        404: 'Not a penalty of the caller (`api.penalty.notFound`)',
        409: 'No longer in force (`api.appeal.notInForce`) or an appeal is already pending (`api.appeal.pending`)',
        413: 'Reason over 1000 characters (`api.tooLarge`)',
      },
    }),
    login('profile.read'),
    async (req, res) => {
      res.json({ ok: true, id: await appeals.submit(who(req).userId, parse(appealBody, req.body)) });
    },
  );

  r.get(
    '/api/me/appeals',
    describeRoute({ tag: 'moderation', summary: "The caller's own appeals, newest first", response: appealsAnswer }),
    login('profile.read'),
    async (req, res) => {
      res.json({ ok: true, appeals: await appeals.mine(who(req).userId) });
    },
  );

  r.get(
    '/api/admin/appeals',
    describeRoute({
      tag: 'moderation',
      summary: 'Appeals, pending first, filtered by status, paged',
      query: appealsQuery,
      response: appealsAnswer,
    }),
    admin,
    async (req, res) => {
      res.json({ ok: true, appeals: await appeals.list(parse(appealsQuery, req.query)) });
    },
  );

  r.post(
    '/api/admin/appeals/handle',
    describeRoute({
      tag: 'moderation',
      summary: 'Decide an appeal (`approve: true` revokes the penalty); the user is notified',
      body: handleAppealBody,
      response: okOnly,
      errors: { 404: 'No such appeal (`api.appeal.notFound`)', 409: 'Already decided (`api.appeal.handled`)' },
    }),
    admin,
    async (req, res) => {
      const body = parse(handleAppealBody, req.body);
      await appeals.handle(actorOf(req), body.id, body.approve);
      res.json({ ok: true });
    },
  );

  r.get(
    '/api/admin/reports',
    describeRoute({
      tag: 'moderation',
      summary: 'Reports, pending first, filtered by status, paged',
      query: reportsQuery,
      response: reportsAnswer,
    }),
    admin,
    async (req, res) => {
      res.json({ ok: true, reports: await reportQueue.list(parse(reportsQuery, req.query)) });
    },
  );

  r.post(
    '/api/admin/reports/dismiss',
    describeRoute({
      tag: 'moderation',
      summary: 'Close a pending report without a penalty',
      body: idBody,
      response: okOnly,
      errors: { 404: 'No such report (`api.report.notFound`)', 409: 'Already closed (`api.report.handled`)' },
    }),
    admin,
    async (req, res) => {
      await reportQueue.dismiss(actorOf(req), parse(idBody, req.body).id);
      res.json({ ok: true });
    },
  );

  r.post(
    '/api/admin/reports/punish',
    describeRoute({
      tag: 'moderation',
      summary: 'Impose a penalty on `user` and close the report as punished, in one transaction',
      description:
        'The penalty has every effect of `penalties/add` and the user receives a notification. An ip ban covers the ' +
        "report's recorded address when the reporter is punished, else the user's last login address.",
      body: punishReportBody,
      response: reportPunishedAnswer,
      errors: {
        400: PENALTY_REFUSALS,
        404: 'No such report (`api.report.notFound`) or user (`api.user.notFound`)',
        409: 'Already closed (`api.report.handled`)',
        413: 'Reason over 500 characters (`api.tooLarge`)',
      },
    }),
    admin,
    async (req, res) => {
      res.json({ ok: true, penaltyId: await reportQueue.punish(actorOf(req), parse(punishReportBody, req.body)) });
    },
  );

  return r;
}
