import type { AppContext } from '../../context.ts';
import { conflict, notFound, UniqueViolation } from '../../errors.ts';
import { type Actor, audit } from '../audit/audit.service.ts';
import type { MailboxService } from '../mailbox/mailbox.service.ts';
import type { AppealBody, AppealsQuery } from './moderation.schema.ts';
import { type AppealRow, appealsStore } from './appeals.store.ts';
import type { PenaltiesService } from './penalties.service.ts';

/** An appeal as the API shows it. */
export interface AppealView {
  id: number;
  penaltyId: number;
  user: string;
  action: string;
  penaltyReason: string;
  expires: number | null;
  reason: string;
  status: string;
  created: number;
  handled: number | null;
  handler: string;
}

const view = (a: AppealRow): AppealView => ({
  id: a.id,
  penaltyId: a.penalty_id,
  user: a.user_name,
  action: a.action,
  penaltyReason: a.penalty_reason,
  expires: a.penalty_expires,
  reason: a.reason,
  status: a.status,
  created: a.created,
  handled: a.handled,
  handler: a.handler,
});

/** Appeals: a user asks for one of their penalties in force to be lifted; an administrator decides. */
export class AppealsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { penalties: PenaltiesService; mailbox: MailboxService },
  ) {}

  /**
   * POST /api/appeal. 404 for a penalty that is not the caller's, 409 when it is
   * no longer in force or already has an appeal under review.
   */
  async submit(userId: number, body: AppealBody): Promise<number> {
    const penalty = await this.deps.penalties.byId(this.ctx.db, body.penaltyId);
    if (penalty?.user_id !== userId) throw notFound('api.penalty.notFound');
    if (!this.deps.penalties.inForce(penalty)) throw conflict('api.appeal.notInForce');
    try {
      return await appealsStore.insert(this.ctx.db, { penaltyId: penalty.id, userId, reason: body.reason, now: this.ctx.clock.now() });
    } catch (err) {
      if (err instanceof UniqueViolation) throw conflict('api.appeal.pending');
      throw err;
    }
  }

  /** GET /api/me/appeals. */
  async mine(userId: number): Promise<AppealView[]> {
    return (await appealsStore.forUser(this.ctx.db, userId)).map(view);
  }

  /** GET /api/admin/appeals: pending first. */
  async list(query: AppealsQuery): Promise<AppealView[]> {
    return (await appealsStore.list(this.ctx.db, query)).map(view);
  }

  /**
   * POST /api/admin/appeals/handle: approving revokes the penalty in the same
   * transaction. 404 unknown, 409 already decided. The user is notified.
   */
  async handle(actor: Actor, id: number, approve: boolean): Promise<void> {
    const now = this.ctx.clock.now();
    const { appeal, afterCommit } = await this.ctx.db.tx(async (q) => {
      const appeal = await appealsStore.byIdForUpdate(q, id);
      if (!appeal) throw notFound('api.appeal.notFound');
      if (appeal.status !== 'pending') throw conflict('api.appeal.handled');
      await appealsStore.decide(q, id, { status: approve ? 'approved' : 'rejected', handlerId: actor.id, handlerName: actor.name, now });
      // The penalty may have been revoked meanwhile: approving then only closes the appeal.
      const afterCommit = approve && !appeal.penalty_revoked ? await this.deps.penalties.revokeIn(q, actor, appeal.penalty_id) : undefined;
      await audit(q, {
        actor,
        action: approve ? 'appeal.approve' : 'appeal.reject',
        target: appeal.user_name,
        detail: { k: approve ? 'api.audit.appealApprove' : 'api.audit.appealReject', v: { id, penalty: appeal.penalty_id, user: appeal.user_name } },
        ts: now,
      });
      return { appeal, afterCommit };
    });
    await afterCommit?.();
    await this.deps.mailbox.enqueueNotification({
      userId: appeal.user_id,
      kind: 'appeal',
      sourceId: String(id),
      title: approve ? 'api.notify.appeal.approved' : 'api.notify.appeal.rejected',
      body: appeal.reason,
    });
  }
}
