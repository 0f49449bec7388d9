import { z } from 'zod';

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

/** POST /api/me/notifications/read: ids of the caller's notifications (others' ids are ignored). */
export const markReadBody = z.object({
  ids: z.array(z.number().int().positive()).max(1000, 'api.tooLarge'),
});
