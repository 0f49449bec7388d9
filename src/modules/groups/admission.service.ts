import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest, conflict, forbidden, notFound, UniqueViolation } from '../../errors.ts';
import type { Identity } from '../../identity.ts';
import { type InviteRow, type InviteStatus, admissionStore } from './admission.store.ts';
import { type GroupAccess, loadAccess, requirePermission } from './group-access.ts';
import { GroupEvents } from './group-events.ts';
import { recordGroupAction } from './group-journal.ts';
import type { GroupLogAction } from './group-log.store.ts';
import { awaitingOf, type InvitationView, invitationView, publicStatus } from './group-views.ts';
import { can, inviteNeedsApproval } from './groups.policy.ts';
import { groupsStore } from './groups.store.ts';

/**
 * The two ways into a group besides joining an open one (spec 3):
 * join requests (`pending → approved | rejected`) and invitations
 * (awaiting a manager → awaiting the invitee → accepted, or rejected at
 * either stage; or no record at all when the invitee lets anyone add them).
 */
export class AdmissionService {
  private readonly events: GroupEvents;

  constructor(private readonly ctx: AppContext) {
    this.events = new GroupEvents(ctx.notifier);
  }

  // ---- join requests ----

  /** POST /api/groups/request: review groups only (400 for an open one); 409 when a member or already pending. */
  async request(who: Identity, gid: string): Promise<void> {
    const managers = await this.ctx.db.tx(async (q) => {
      const a = await loadAccess(q, who, gid, true);
      if (a.actor.role !== null) throw conflict('api.group.alreadyMember');
      if (a.group.join_mode !== 'review') throw badRequest('api.group.notReview');
      try {
        await admissionStore.insertRequest(q, gid, who.userId, this.ctx.clock.now());
      } catch (err) {
        if (err instanceof UniqueViolation) throw conflict('api.group.alreadyRequested');
        throw err;
      }
      await this.log(q, a, 'request');
      return groupsStore.managerIds(q, gid);
    });
    this.events.requests([...managers, who.userId], { gid, name: who.name, action: 'request' });
  }

  /**
   * POST /api/groups/request/approve and /reject: the requester's pending
   * request (404 when they never asked, 409 when already decided). Approval
   * adds them to the group.
   */
  async decideRequest(who: Identity, gid: string, name: string, approve: boolean): Promise<void> {
    const { requester, managers } = await this.ctx.db.tx(async (q) => {
      const a = await loadAccess(q, who, gid, true);
      requirePermission('reviewRequests', a);
      const target = await groupsStore.target(q, gid, name);
      if (!target) throw notFound('api.user.notFound');
      const req = await admissionStore.latestRequest(q, gid, target.id);
      if (!req) throw notFound('api.group.requestNotFound');
      if (req.status !== 'pending') throw conflict('api.group.requestProcessed');
      const now = this.ctx.clock.now();
      await admissionStore.decideRequest(q, req.id, approve ? 'approved' : 'rejected', who.userId, now);
      if (approve) await groupsStore.addMember(q, gid, target.id, now, who.userId);
      await this.log(q, a, approve ? 'request.approve' : 'request.reject', target.id);
      return { requester: target, managers: await groupsStore.managerIds(q, gid) };
    });
    if (approve) {
      this.events.joined(gid, [requester.id]);
      this.events.members(gid, 'join', requester.name, [requester.id, who.userId]);
    }
    this.events.requests([...managers, requester.id, who.userId], {
      gid,
      name: requester.name,
      action: approve ? 'approve' : 'reject',
    });
  }

  // ---- invitations ----

  /**
   * POST /api/groups/invite. A plain member's invitation waits for a manager
   * when the group asks for approval; otherwise an invitee who lets anyone add
   * them joins at once (`autoJoined`, no record), and anyone else gets a
   * pending invitation.
   */
  async invite(who: Identity, gid: string, inviteeName: string): Promise<{ autoJoined?: true }> {
    const outcome = await this.ctx.db.tx(async (q) => {
      const a = await loadAccess(q, who, gid, true);
      requirePermission('invite', a);
      const invitee = await groupsStore.target(q, gid, inviteeName);
      if (invitee?.status !== 'active') throw notFound('api.user.notFound');
      if (invitee.role !== null) throw conflict('api.group.alreadyMember');
      const now = this.ctx.clock.now();
      const needsApproval = inviteNeedsApproval(a.actor, { memberInviteApprove: a.group.member_invite_approve });
      if (!needsApproval && invitee.allow_invite) {
        await groupsStore.addMember(q, gid, invitee.id, now, null);
        await this.log(q, a, 'invite', invitee.id, { autoJoined: true });
        return { invitee, autoJoined: true as const };
      }
      const status: InviteStatus = needsApproval ? 'awaiting_manager' : 'awaiting_invitee';
      let id: number;
      try {
        id = await admissionStore.insertInvite(q, { gid, inviterId: who.userId, inviteeId: invitee.id, status, now });
      } catch (err) {
        if (err instanceof UniqueViolation) throw conflict('api.group.alreadyInvited');
        throw err;
      }
      await this.log(q, a, 'invite', invitee.id, { id });
      const managers = status === 'awaiting_manager' ? await groupsStore.managerIds(q, gid) : [];
      return { invitee, autoJoined: false as const, id, status, managers };
    });
    if (outcome.autoJoined) {
      this.events.joined(gid, [outcome.invitee.id]);
      this.events.members(gid, 'join', outcome.invitee.name, [outcome.invitee.id, who.userId]);
      return { autoJoined: true };
    }
    const to = outcome.status === 'awaiting_manager' ? [who.userId, ...outcome.managers] : [who.userId, outcome.invitee.id];
    this.events.invites(to, { gid, id: outcome.id, action: 'invite', status: 'pending', awaiting: awaitingOf(outcome.status) });
    return {};
  }

  /** GET /api/groups/invites: invitations to the caller, and those awaiting the caller's approval as a group manager. */
  async waiting(who: Identity): Promise<InvitationView[]> {
    return (await admissionStore.waitingFor(this.ctx.db, who.userId)).map(invitationView);
  }

  /**
   * POST /api/groups/invite/approve: a manager forwards a member's invitation
   * to the invitee (who joins at once if they let anyone add them).
   */
  async approveInvite(who: Identity, id: number): Promise<{ autoJoined?: true }> {
    const {
      invite,
      result: { autoJoined, managers },
    } = await this.onInvite(who, id, async (q, a, inv) => {
      requirePermission('approveInvite', a);
      if (inv.status !== 'awaiting_manager') throw conflict('api.invite.processed');
      const now = this.ctx.clock.now();
      const joins = inv.invitee_allows;
      if (joins) await groupsStore.addMember(q, inv.gid, inv.invitee_id, now, null);
      else await admissionStore.setInviteStatus(q, inv.id, 'awaiting_invitee', now);
      await this.log(q, a, 'invite.approve', inv.invitee_id, { id: inv.id, ...(joins ? { autoJoined: true } : {}) });
      return { autoJoined: joins, managers: await groupsStore.managerIds(q, inv.gid) };
    });
    const status: InviteStatus = autoJoined ? 'accepted' : 'awaiting_invitee';
    if (autoJoined) {
      this.events.joined(invite.gid, [invite.invitee_id]);
      this.events.members(invite.gid, 'join', invite.invitee, [invite.invitee_id, who.userId]);
    }
    this.events.invites([invite.inviter_id, invite.invitee_id, ...managers, who.userId], {
      gid: invite.gid,
      id: invite.id,
      action: 'approve',
      status: publicStatus(status),
      awaiting: awaitingOf(status),
    });
    return autoJoined ? { autoJoined: true } : {};
  }

  /** POST /api/groups/invite/accept: the invitee joins. 409 while it awaits a manager or once processed. */
  async acceptInvite(who: Identity, id: number): Promise<void> {
    const { invite } = await this.onInvite(who, id, async (q, a, inv) => {
      if (inv.invitee_id !== who.userId) throw forbidden('api.forbidden');
      if (inv.status === 'awaiting_manager') throw conflict('api.invite.awaitingManager');
      if (inv.status !== 'awaiting_invitee') throw conflict('api.invite.processed');
      // Adding the member settles the invitation as accepted.
      await groupsStore.addMember(q, inv.gid, who.userId, this.ctx.clock.now(), null);
      await this.log(q, a, 'invite.accept', undefined, { id: inv.id });
    });
    this.events.joined(invite.gid, [who.userId]);
    this.events.members(invite.gid, 'join', who.name, [who.userId, invite.inviter_id]);
    this.events.invites([invite.inviter_id, who.userId], {
      gid: invite.gid,
      id: invite.id,
      action: 'accept',
      status: 'accepted',
      awaiting: null,
    });
  }

  /** POST /api/groups/invite/reject: by the inviter, the invitee or a manager; 409 once processed. */
  async rejectInvite(who: Identity, id: number): Promise<void> {
    const {
      invite,
      result: { managers },
    } = await this.onInvite(who, id, async (q, a, inv) => {
      const concerned = inv.inviter_id === who.userId || inv.invitee_id === who.userId;
      if (!concerned && !can('approveInvite', a.actor)) throw forbidden(a.actor.role === null ? 'api.group.noView' : 'api.forbidden');
      if (inv.status === 'accepted' || inv.status === 'rejected') throw conflict('api.invite.processed');
      await admissionStore.setInviteStatus(q, inv.id, 'rejected', this.ctx.clock.now());
      await this.log(q, a, 'invite.reject', inv.invitee_id, { id: inv.id });
      return { managers: inv.status === 'awaiting_manager' ? await groupsStore.managerIds(q, inv.gid) : [] };
    });
    // The invitee hears of it only if it had reached them (or they rejected it themselves).
    const to = [invite.inviter_id, who.userId, ...managers];
    if (invite.status === 'awaiting_invitee') to.push(invite.invitee_id);
    this.events.invites(to, { gid: invite.gid, id: invite.id, action: 'reject', status: 'rejected', awaiting: null });
  }

  /**
   * Runs `fn` on invitation `id` (404 `api.invite.notFound`) in a transaction
   * holding its group row first and then the invitation, the same order as
   * every other path that changes both, so they cannot deadlock.
   */
  private async onInvite<T>(
    who: Identity,
    id: number,
    fn: (q: Queryable, a: GroupAccess, invite: InviteRow) => Promise<T>,
  ): Promise<{ invite: InviteRow; result: T }> {
    return this.ctx.db.tx(async (q) => {
      const found = await admissionStore.invite(q, id);
      if (!found) throw notFound('api.invite.notFound');
      const a = await loadAccess(q, who, found.gid, true);
      const invite = await admissionStore.invite(q, id, true);
      if (!invite) throw notFound('api.invite.notFound');
      return { invite, result: await fn(q, a, invite) };
    });
  }

  private log(q: Queryable, a: GroupAccess, action: GroupLogAction, target?: number, detail?: Record<string, string | number | boolean>) {
    return recordGroupAction(q, { ...a.actor, group: a.group }, { action, targetId: target, detail, ts: this.ctx.clock.now() });
  }
}
