import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { type Actor, audit } from '../audit/audit.service.ts';
import { usersStore } from '../users/users.store.ts';

/** Administration: registration review. User management is in admin-users.service.ts. */
export class AdminService {
  constructor(private readonly ctx: AppContext) {}

  /** Registrations awaiting review, oldest first. */
  async approvals() {
    return usersStore.pending(this.ctx.db);
  }

  /** pending → active (approve) or rejected (reject); 404 when the user is not pending. */
  async review(actor: Actor, name: string, approve: boolean): Promise<void> {
    const user = await usersStore.byName(this.ctx.db, name);
    if (user?.status !== 'pending') throw notFound('api.user.notPending');
    await this.ctx.db.tx(async (q) => {
      await usersStore.setStatus(q, user.id, approve ? 'active' : 'rejected');
      await audit(q, {
        actor,
        action: approve ? 'review.approve' : 'review.reject',
        target: user.name,
        detail: { k: approve ? 'api.audit.reviewApprove' : 'api.audit.reviewReject', v: { user: user.name } },
        ts: this.ctx.clock.now(),
      });
    });
    await this.ctx.identities.invalidateUser(user.id);
  }
}
