import type { Queryable } from '../../db/index.ts';

/** A report as recorded; the admin side (listing, dismiss, punish) belongs to the moderation module. */
export interface NewReport {
  type: 'message' | 'user';
  reporterId: number;
  reporterIp: string;
  reportedUserId: number;
  /** Message reports: the room key and idx of the message. */
  room: string | null;
  idx: number | null;
  reason: string;
  /** Message reports: the message as it was when reported. */
  snapshot: unknown;
  created: number;
}

/** SQL of reports. Returns rows; knows nothing of HTTP. */
export const reportsStore = {
  /** Inserts a pending report; throws UniqueViolation when the reporter already has one pending about the same subject. */
  async insert(q: Queryable, r: NewReport): Promise<number> {
    const rows = await q.query<{ id: number }>(
      `insert into reports (type, reporter_id, reporter_ip, reported_user_id, room, idx, reason, snapshot, created)
       values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9) returning id`,
      [r.type, r.reporterId, r.reporterIp, r.reportedUserId, r.room, r.idx, r.reason, r.snapshot === null ? null : JSON.stringify(r.snapshot), r.created],
    );
    return rows[0]!.id;
  },
};
