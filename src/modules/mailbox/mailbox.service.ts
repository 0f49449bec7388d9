import type { AppContext } from '../../context.ts';
import type { JobName } from '../../jobs/index.ts';
import type { Queryable } from '../../db/index.ts';
import { notFound } from '../../errors.ts';
import type { AnnouncementPayload, NotificationPayload } from '../../realtime/events.ts';
import { type Actor, audit } from '../audit/audit.service.ts';
import type { AnnouncementBody, MarkReadBody, PageQuery } from './mailbox.schema.ts';
import { mailboxStore, type NotificationRow } from './mailbox.store.ts';

/** The job that writes a notification (the worker fleet's "notification writes"). */
export const NOTIFICATION_WRITE_JOB = 'notifications.write' satisfies JobName;

/**
 * Payload of {@link NOTIFICATION_WRITE_JOB}. `(userId, kind, sourceId)` makes
 * the write idempotent: running the job twice writes one notification.
 */
export interface NotificationWriteJob {
  userId: number;
  /** `penalty`, `appeal`, ... */
  kind: string;
  /** What it is about (a penalty id, an appeal id). */
  sourceId: string;
  /** An i18n key (`api.notify.*`) or text. */
  title: string;
  body: string;
}

const notificationView = (n: NotificationRow): NotificationPayload => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  body: n.body,
  created: n.created,
  read: n.read ? 1 : 0,
});

/** Announcements (site-wide) and notifications (per user). */
export class MailboxService {
  constructor(private readonly ctx: AppContext) {}

  // ---- announcements ----

  /** POST /api/admin/announcements: stored, audited, then pushed to every connected user. */
  async addAnnouncement(actor: Actor, body: AnnouncementBody): Promise<number> {
    const now = this.ctx.clock.now();
    const row = await this.ctx.db.tx(async (q) => {
      const row = await mailboxStore.insertAnnouncement(q, { ...body, actorId: actor.id, actorName: actor.name, now });
      await audit(q, {
        actor,
        action: 'announcement.add',
        target: String(row.id),
        detail: { k: 'api.audit.announcementAdd', v: { id: row.id, title: row.title } },
        ts: now,
      });
      return row;
    });
    this.ctx.notifier.toAll('announcement', row satisfies AnnouncementPayload);
    return row.id;
  }

  async deleteAnnouncement(actor: Actor, id: number): Promise<void> {
    await this.ctx.db.tx(async (q) => {
      const gone = await mailboxStore.deleteAnnouncement(q, id);
      if (!gone) throw notFound('api.announcement.notFound');
      await audit(q, {
        actor,
        action: 'announcement.delete',
        target: String(id),
        detail: { k: 'api.audit.announcementDelete', v: { id, title: gone.title } },
        ts: this.ctx.clock.now(),
      });
    });
  }

  /** GET /api/announcements: newest first. */
  async announcements(page: PageQuery): Promise<AnnouncementPayload[]> {
    return mailboxStore.announcements(this.ctx.db, page.limit, page.offset);
  }

  // ---- notifications ----

  /** GET /api/me/notifications: newest first, with the count of unread ones. */
  async notifications(userId: number, page: PageQuery): Promise<{ notifications: NotificationPayload[]; unread: number }> {
    const [rows, unread] = await Promise.all([
      mailboxStore.notifications(this.ctx.db, userId, page.limit, page.offset),
      mailboxStore.unreadCount(this.ctx.db, userId),
    ]);
    return { notifications: rows.map(notificationView), unread };
  }

  /** POST /api/me/notifications/read: only the caller's own notifications change. */
  async markRead(userId: number, which: MarkReadBody): Promise<{ unread: number }> {
    await mailboxStore.markRead(this.ctx.db, userId, which.ids ?? [], which.upTo);
    return { unread: await mailboxStore.unreadCount(this.ctx.db, userId) };
  }

  /**
   * Writes a notification once per `(userId, kind, sourceId)`; returns it, or
   * undefined when it was written before. Runs in the caller's transaction `q`.
   */
  async writeNotification(q: Queryable, job: NotificationWriteJob): Promise<NotificationPayload | undefined> {
    const row = await mailboxStore.insertNotificationOnce(q, {
      userId: job.userId,
      kind: job.kind,
      sourceId: job.sourceId.slice(0, 100),
      title: job.title.slice(0, 200),
      body: job.body.slice(0, 2000),
      now: this.ctx.clock.now(),
    });
    return row && notificationView(row);
  }

  /**
   * Handler of {@link NOTIFICATION_WRITE_JOB}: writes the notification and,
   * when it is new, pushes `notification` to the user's sockets on every node.
   * Safe to run more than once for one payload.
   */
  async handleNotificationWrite(job: NotificationWriteJob): Promise<void> {
    const written = await this.writeNotification(this.ctx.db, job);
    if (written) this.ctx.notifier.toUser(job.userId, 'notification', written);
  }

  /**
   * Asks for a notification to be written: queues {@link NOTIFICATION_WRITE_JOB},
   * which a worker runs with {@link handleNotificationWrite} (idempotent, so
   * retries are safe). Call after the transaction that caused it has committed.
   * A failure to queue is logged, never thrown: the action it reports has already happened.
   */
  async enqueueNotification(job: NotificationWriteJob): Promise<void> {
    try {
      await this.ctx.jobs.enqueue(NOTIFICATION_WRITE_JOB, job);
    } catch (err) {
      this.ctx.log.error({ err, job: { ...job, body: undefined } }, 'notification could not be queued');
    }
  }
}
