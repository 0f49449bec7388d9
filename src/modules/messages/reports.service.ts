import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound, UniqueViolation } from '../../errors.ts';
import { usersStore } from '../users/users.store.ts';
import type { Conversations } from './conversations.ts';
import type { ReportBody } from './messages.schema.ts';
import type { MessagesService } from './messages.service.ts';
import { type NewReport, reportsStore } from './reports.store.ts';

/**
 * POST /api/report: records who reported what, from which address, with a
 * snapshot of the message, as a pending report for administrators. A message
 * can be reported by anyone who can read its room.
 */
export class ReportsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly conversations: Conversations,
    private readonly messages: MessagesService,
  ) {}

  /**
   * 404 `api.msg.notFound` / `api.user.notFound` for a missing subject, 400
   * `api.report.self` for one's own message or account, 409
   * `api.report.duplicate` while the caller's earlier report of it is pending.
   */
  async report(userId: number, ip: string, body: ReportBody): Promise<{ id: number }> {
    const actor = await this.conversations.actor(userId);
    const base = { reporterId: actor.id, reporterIp: ip, reason: body.reason, created: this.ctx.clock.now() };
    let report: NewReport;
    if (body.type === 'message') {
      const conversation = await this.conversations.open(actor, body, 'read');
      const snapshot = await this.messages.messageSnapshot(conversation.room, body.idx);
      if (!snapshot) throw notFound('api.msg.notFound');
      if (snapshot.fromId === actor.id) throw badRequest('api.report.self');
      const { fromId, ...message } = snapshot;
      report = { ...base, type: 'message', reportedUserId: fromId, room: conversation.room, idx: body.idx, snapshot: message };
    } else {
      const user = await usersStore.byName(this.ctx.db, body.name);
      if (!user) throw notFound('api.user.notFound');
      if (user.id === actor.id) throw badRequest('api.report.self');
      report = { ...base, type: 'user', reportedUserId: user.id, room: null, idx: null, snapshot: null };
    }
    try {
      return { id: await reportsStore.insert(this.ctx.db, report) };
    } catch (err) {
      if (err instanceof UniqueViolation) throw conflict('api.report.duplicate');
      throw err;
    }
  }
}
