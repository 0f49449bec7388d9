import type { Queryable } from '../../db/index.ts';

export type InviteStatus = 'awaiting_manager' | 'awaiting_invitee' | 'accepted' | 'rejected';

export interface InviteRow {
  id: number;
  gid: string;
  group_name: string;
  inviter_id: number;
  inviter: string;
  invitee_id: number;
  invitee: string;
  /** The invitee's "anyone may add me to a group" setting. */
  invitee_allows: boolean;
  status: InviteStatus;
  created: number;
}

export interface RequestRow {
  id: number;
  user_id: number;
  name: string;
  status: 'pending' | 'approved' | 'rejected';
  created: number;
}

const INVITE_COLUMNS = `i.id, i.gid, g.name as group_name, i.inviter_id, a.name as inviter, i.invitee_id,
       b.name as invitee, b.allow_invite as invitee_allows, i.status, i.created
  from group_invites i
  join groups g on g.gid = i.gid
  join users a on a.id = i.inviter_id
  join users b on b.id = i.invitee_id`;

/** SQL of join requests and invitations. Returns rows; knows nothing of HTTP. */
export const admissionStore = {
  /** Throws UniqueViolation when the user already has a pending request to the group. */
  async insertRequest(q: Queryable, gid: string, userId: number, now: number): Promise<void> {
    await q.query('insert into group_join_requests (gid, user_id, created) values ($1, $2, $3)', [gid, userId, now]);
  },

  /** The user's latest join request to the group, whatever its status. */
  async latestRequest(q: Queryable, gid: string, userId: number): Promise<RequestRow | undefined> {
    const rows = await q.query<RequestRow>(
      `select r.id, r.user_id, u.name, r.status, r.created
         from group_join_requests r join users u on u.id = r.user_id
        where r.gid = $1 and r.user_id = $2 order by r.id desc limit 1`,
      [gid, userId],
    );
    return rows[0];
  },

  async decideRequest(q: Queryable, id: number, status: 'approved' | 'rejected', by: number, now: number): Promise<void> {
    await q.query('update group_join_requests set status = $2, decided = $3, decided_by = $4 where id = $1', [id, status, now, by]);
  },

  /** Pending join requests of a group, oldest first. One statement. */
  async pendingRequests(q: Queryable, gid: string): Promise<RequestRow[]> {
    return q.query<RequestRow>(
      `select r.id, r.user_id, u.name, r.status, r.created
         from group_join_requests r join users u on u.id = r.user_id
        where r.gid = $1 and r.status = 'pending' order by r.created, r.id`,
      [gid],
    );
  },

  /** Throws UniqueViolation when the invitee already has an open invitation to the group. */
  async insertInvite(
    q: Queryable,
    i: { gid: string; inviterId: number; inviteeId: number; status: InviteStatus; now: number },
  ): Promise<number> {
    const rows = await q.query<{ id: number }>(
      `insert into group_invites (gid, inviter_id, invitee_id, status, created) values ($1, $2, $3, $4, $5) returning id`,
      [i.gid, i.inviterId, i.inviteeId, i.status, i.now],
    );
    return rows[0]!.id;
  },

  /** The invitation with names; `lock` holds it for the rest of the transaction. */
  async invite(q: Queryable, id: number, lock = false): Promise<InviteRow | undefined> {
    const rows = await q.query<InviteRow>(`select ${INVITE_COLUMNS} where i.id = $1 ${lock ? 'for update of i' : ''}`, [id]);
    return rows[0];
  },

  async setInviteStatus(q: Queryable, id: number, status: InviteStatus, now: number): Promise<void> {
    const decided = status === 'accepted' || status === 'rejected' ? now : null;
    await q.query('update group_invites set status = $2, decided = $3 where id = $1', [id, status, decided]);
  },

  /**
   * Invitations waiting for the user: those addressed to them (awaiting the
   * invitee) and those awaiting a manager in groups they own or administer.
   * Newest first. One statement.
   */
  async waitingFor(q: Queryable, userId: number): Promise<InviteRow[]> {
    return q.query<InviteRow>(
      `select ${INVITE_COLUMNS}
        where (i.invitee_id = $1 and i.status = 'awaiting_invitee')
           or (i.status = 'awaiting_manager' and exists (
                 select 1 from group_members m
                  where m.gid = i.gid and m.user_id = $1 and m.role in ('owner', 'admin')))
        order by i.created desc, i.id desc`,
      [userId],
    );
  },

  /** Open invitations of a group, newest first. One statement. */
  async openInvites(q: Queryable, gid: string): Promise<InviteRow[]> {
    return q.query<InviteRow>(
      `select ${INVITE_COLUMNS}
        where i.gid = $1 and i.status in ('awaiting_manager', 'awaiting_invitee')
        order by i.created desc, i.id desc`,
      [gid],
    );
  },
};
