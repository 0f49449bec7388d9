import { z } from 'zod';
import { okWith } from '../../lib/contract.ts';
import { announcementPayload, notificationPayload } from '../../realtime/payloads.ts';

/** POST /api/admin/announcements. Over-long text is a size excess (413). */
export const announcementBody = z.object({
  /** Required, at most 100 characters. */
  title: z.string('api.announcement.badTitle').trim().min(1, 'api.announcement.badTitle').max(100, 'api.tooLarge'),
  /** At most 5000 characters. */
  content: z.string('api.badRequest').max(5000, 'api.tooLarge').default(''),
});
export type AnnouncementBody = z.infer<typeof announcementBody>;

/** DELETE /api/admin/announcements: `id` in the JSON body (or the query string). */
export const announcementIdBody = z.object({ id: z.coerce.number().int().positive() });

/** Paging of the mailbox lists: newest first. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * POST /api/me/notifications/read: ids of the caller's notifications (others' ids are ignored),
 * or `upTo`, or both. `upTo` is this server's addition for "mark all read": a client that has
 * loaded one page still marks the older pages, and a notification newer than the one it shows
 * stays unread.
 */
export const markReadBody = z
  .object({
    ids: z.array(z.number().int().positive()).max(1000, 'api.tooLarge').optional(),
    upTo: z.number().int().positive().optional().describe("Marks every one of the caller's notifications with an id up to this"),
  })
  .refine((b) => b.ids !== undefined || b.upTo !== undefined);
export type MarkReadBody = z.infer<typeof markReadBody>;

/** GET /api/announcements. */
export const announcementsAnswer = okWith({ announcements: z.array(announcementPayload).describe('Newest first') });

/** POST /api/admin/announcements. */
export const announcementAddedAnswer = okWith({ id: z.number().int().describe('The new announcement') });

/** GET /api/me/notifications. */
export const notificationsAnswer = okWith({
  notifications: z.array(notificationPayload).describe('Newest first'),
  unread: z.number().int().describe('Unread notifications in all'),
});

/** POST /api/me/notifications/read. */
export const unreadAnswer = okWith({ unread: z.number().int().describe('Unread notifications left') });
