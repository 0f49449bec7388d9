import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../errors.ts';
import { type Actor, audit } from '../audit/audit.service.ts';
import type { PunishReportBody, ReportsQuery } from './moderation.schema.ts';
import type { PenaltiesService } from './penalties.service.ts';
import { type ReportRow, type ReportStatus, reportQueueStore } from './report-queue.store.ts';

/** Where a reported message was: a group, or a direct conversation between two users. */
export type ReportedRoom = { type: 'group'; gid: string; name: string } | { type: 'direct'; users: [string, string] };

/** A report as administrators see it (spec 4.8 list entry, plus the reported item and the outcome). */
export interface ReportView {
  id: number;
  type: 'message' | 'user';
  reporter: string;
  /** The reporter's address as the server recorded it. */
  ip: string;
  /** The reported user (the author, for a message). */
  user: string;
  room: ReportedRoom | null;
  idx: number | null;
  reason: string;
  /** The message as it was when reported (message reports). */
  snapshot: Record<string, unknown> | null;
  status: ReportStatus;
  created: number;
  handled: number | null;
  handler: string;
  /** The penalty a punished report led to. */
  penaltyId: number | null;
}

function roomOf(r: ReportRow): ReportedRoom | null {
  if (r.room === null) return null;
  if (r.room.startsWith('g:')) return { type: 'group', gid: r.room.slice(2), name: r.group_name ?? '' };
  return { type: 'direct', users: [r.direct_a ?? '', r.direct_b ?? ''] };
}

const view = (r: ReportRow): ReportView => ({
  id: r.id,
  type: r.type,
  reporter: r.reporter,
  ip: r.reporter_ip,
  user: r.reported,
  room: roomOf(r),
  idx: r.idx,
  reason: r.reason,
  snapshot: r.snapshot,
  status: r.status,
  created: r.created,
  handled: r.handled,
  handler: r.handler,
  penaltyId: r.penalty_id,
});

/**
 * The administrators' report queue: list, dismiss, punish. Punishing imposes
 * the penalty, closes the report and audits both in one transaction; the
 * penalty's effects and the notification (through the job queue) follow the commit.
 */
export class ReportQueueService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { penalties: PenaltiesService },
  ) {}

  /** GET /api/admin/reports: pending first, then newest first. */
  async list(query: ReportsQuery): Promise<ReportView[]> {
    return (await reportQueueStore.list(this.ctx.db, query)).map(view);
  }

  /** POST /api/admin/reports/dismiss: 404 unknown, 409 already closed. */
  async dismiss(actor: Actor, id: number): Promise<void> {
    const now = this.ctx.clock.now();
    await this.ctx.db.tx(async (q) => {
      const report = await this.pending(q, id);
      await reportQueueStore.close(q, id, { status: 'dismissed', handlerId: actor.id, handlerName: actor.name, penaltyId: null, now });
      await audit(q, {
        actor,
        action: 'report.dismiss',
        target: report.reported,
        detail: { k: 'api.audit.reportDismiss', v: { id, user: report.reported, reporter: report.reporter } },
        ts: now,
      });
    });
  }

  /**
   * POST /api/admin/reports/punish: `user` is usually the reported user, but
   * may be anyone (a false reporter, say). An ip ban covers the report's
   * recorded address when it punishes the reporter, else the user's last
   * login address. Returns the penalty's id.
   */
  async punish(actor: Actor, body: PunishReportBody): Promise<number> {
    const user = await this.deps.penalties.punishable(actor, body.user);
    const now = this.ctx.clock.now();
    const { penaltyId, afterCommit } = await this.ctx.db.tx(async (q) => {
      const report = await this.pending(q, body.id);
      const recorded = user.id === report.reporter_id ? report.reporter_ip : user.last_ip;
      const ip = body.action === 'ipban' ? this.deps.penalties.addressToBan(actor, recorded) : null;
      const imposed = await this.deps.penalties.imposeIn(q, actor, {
        userId: user.id,
        action: body.action,
        duration: body.duration,
        reason: body.reason,
        ip,
      });
      await reportQueueStore.close(q, body.id, {
        status: 'punished',
        handlerId: actor.id,
        handlerName: actor.name,
        penaltyId: imposed.id,
        now,
      });
      await audit(q, {
        actor,
        action: 'report.punish',
        target: user.name,
        detail: { k: 'api.audit.reportPunish', v: { id: body.id, user: report.reported, action: body.action, punished: user.name, penalty: imposed.id } },
        ts: now,
      });
      return { penaltyId: imposed.id, afterCommit: imposed.afterCommit };
    });
    await afterCommit();
    return penaltyId;
  }

  /** The report locked for a decision: 404 `api.report.notFound`, 409 `api.report.handled`. */
  private async pending(q: Parameters<typeof reportQueueStore.byIdForUpdate>[0], id: number): Promise<ReportRow> {
    const report = await reportQueueStore.byIdForUpdate(q, id);
    if (!report) throw notFound('api.report.notFound');
    if (report.status !== 'pending') throw conflict('api.report.handled');
    return report;
  }
}
