import { z } from 'zod';
import { charCount, keyword, paging, text, userName } from '../../lib/fields.ts';

/** 16 lower-case hex characters (upper case is accepted and lowered). */
export const gid = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{16}$/);

/** 1–32 characters of any script, no control characters (400 `api.group.badName`). */
export const groupName = z
  .string('api.group.badName')
  .trim()
  .refine((s) => charCount(s) >= 1 && charCount(s) <= 32 && !/\p{Cc}/u.test(s), 'api.group.badName');

/** An `http://` or `https://` URL with a host; empty clears. */
export const isHttpUrl = (s: string): boolean => {
  if (!/^https?:\/\//i.test(s)) return false;
  try {
    return new URL(s).hostname !== '';
  } catch {
    return false;
  }
};

export const JOIN_MODES = ['open', 'review'] as const;

/** POST /api/groups. */
export const createBody = z.object({
  name: groupName,
  /** Free text shown with the group, at most 500 characters. */
  desc: text(500).default(''),
  /** `open`: anyone may join; `review`: joins go through a request and a manager's approval. */
  joinMode: z.enum(JOIN_MODES).default('open'),
});
export type CreateBody = z.infer<typeof createBody>;

/** Any body or query that names just a group. */
export const gidOnly = z.object({ gid });

export const renameBody = z.object({ gid, name: groupName });

export const avatarBody = z.object({
  gid,
  /** `http(s)://` URL of the picture, at most 500 characters; empty clears. */
  avatar: text(500).refine((s) => s === '' || isHttpUrl(s), 'api.group.badAvatar'),
});

export const announceBody = z.object({
  gid,
  /** At most 500 characters (413 above); empty clears. */
  announce: text(500),
});

/** Operations on one member: remove, transfer, request approve/reject. */
export const memberBody = z.object({ gid, name: userName });

export const roleBody = z.object({
  gid,
  name: userName,
  /** The owner's role never changes; ownership moves with `groups/transfer`. */
  role: z.enum(['admin', 'member']),
});

export const muteBody = z.object({ gid, name: userName, muted: z.boolean() });

export const muteAllBody = z.object({
  gid,
  /** Mute-all on or off: while on, plain members cannot send. */
  val: z.boolean(),
});

export const inviteSettingBody = z
  .object({
    gid,
    /** Plain members' invitations wait for a manager's approval. */
    memberInviteApprove: z.boolean().optional(),
    /** Additive: switches the group between open joining and reviewed requests. */
    joinMode: z.enum(JOIN_MODES).optional(),
  })
  .refine((b) => b.memberInviteApprove !== undefined || b.joinMode !== undefined);
export type InviteSettingBody = z.infer<typeof inviteSettingBody>;

export const nicknameBody = z.object({
  gid,
  /** The caller's own nickname in the group, public to members, at most 32 characters; empty clears. */
  nickname: text(32),
});

export const remarkBody = z.object({
  gid,
  /** The caller's private name for the group, at most 32 characters; empty clears. */
  remark: text(32),
});

export const inviteBody = z.object({
  gid,
  /** The account to invite. */
  invitee: userName,
});

export const inviteIdBody = z.object({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** `groups/search` and `groups/all`. */
export const groupListQuery = z.object({ q: keyword, ...paging });
export type GroupListQuery = z.infer<typeof groupListQuery>;

export const logsQuery = z.object({ gid, ...paging });
export type LogsQuery = z.infer<typeof logsQuery>;
