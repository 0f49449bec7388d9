import { z } from 'zod';
import { component, millis, okWith } from '../../lib/contract.ts';
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

// ---- responses ----

const role = z.enum(['owner', 'admin', 'member']);

/** Every operation the group log records (`groups/logs` `action`). */
export const GROUP_LOG_ACTIONS = [
  'create',
  'dissolve',
  'join',
  'leave',
  'remove',
  'rename',
  'avatar',
  'announce',
  'transfer',
  'role',
  'mute',
  'muteAll',
  'settings',
  'request',
  'request.approve',
  'request.reject',
  'invite',
  'invite.approve',
  'invite.accept',
  'invite.reject',
] as const;

/** The settings every view of a group shares (spec 2.6). */
const groupFields = {
  gid: z.string().describe('16 lower-case hex characters'),
  name: z.string(),
  owner: z.string().describe("The owner's user name"),
  announce: z.string().describe('The announcement, at most 500 characters; empty when none'),
  avatar: z.string().describe('An http(s) URL, or empty'),
  desc: z.string().describe('Free text shown with the group, at most 500 characters'),
  joinMode: z.enum(JOIN_MODES).describe('`open`: anyone may join; `review`: joins go through a request and an approval'),
  muteAll: z.boolean().describe('While on, plain members cannot send'),
  memberInviteApprove: z.boolean().describe("Plain members' invitations wait for a manager's approval"),
  created: millis,
};

/** A group's settings (`groups/manage`). */
export const groupSchema = component('Group', z.object(groupFields), "A group's settings (spec 2.6)");

/** An entry of GET /api/groups: the settings plus the caller's place in the group. */
export const myGroupSchema = component(
  'MyGroup',
  z.object({
    ...groupFields,
    role: role.describe("The caller's role in the group"),
    remark: z.string().describe("The caller's private name for the group; empty when unset"),
    memberCount: z.number().int(),
  }),
  'A group the caller is in, with their role and private remark',
);

/** An entry of `groups/search` and `groups/all`. */
export const groupListingSchema = component(
  'GroupListing',
  z.object({
    gid: z.string(),
    name: z.string(),
    owner: z.string().describe("The owner's user name"),
    avatar: z.string().describe('An http(s) URL, or empty'),
    desc: z.string(),
    joinMode: z.enum(JOIN_MODES),
    memberCount: z.number().int(),
    joined: z.boolean().describe('The caller is a member'),
  }),
  'A group as the search and the joinable list show it',
);

/** A member (spec 2.6) with avatar, group nickname, mute and joining time. */
export const memberSchema = component(
  'Member',
  z.object({
    name: z.string(),
    online: z.boolean().describe('Appears online (never for an invisible user)'),
    role,
    image: z.string().describe('Avatar (an upload path or URL); empty when none'),
    nickname: z.string().describe('Nickname in this group, public to members; empty when unset'),
    muted: z.boolean().describe('Muted individually by a manager'),
    joined: millis,
  }),
  'A member of a group',
);

/** Spec 2.7, plus `groupName` and `awaiting`. */
export const invitationSchema = component(
  'Invitation',
  z.object({
    id: z.number().int(),
    gid: z.string(),
    groupName: z.string(),
    inviter: z.string(),
    invitee: z.string(),
    created: millis,
    status: z.enum(['pending', 'accepted', 'rejected']),
    awaiting: z
      .enum(['manager', 'invitee'])
      .nullable()
      .describe("While pending, who must act next: a manager's approval or the invitee; null once settled"),
  }),
  'A group invitation (spec 2.7)',
);

/** A pending join request as `groups/manage` lists it. */
export const joinRequestSchema = component(
  'JoinRequest',
  z.object({ name: z.string().describe('The requester'), created: millis }),
  'A pending request to join a group',
);

/** A group log entry. */
export const groupLogEntrySchema = component(
  'GroupLogEntry',
  z.object({
    actor: z.string().describe('Who acted (current name); empty once that account is gone'),
    action: z.enum(GROUP_LOG_ACTIONS),
    target: z.string().describe('The member the action was about (current name); empty when none or gone'),
    detail: z.string().describe('JSON object of what changed, with `target` when there is one'),
    ts: millis,
  }),
  "An entry of a group's operation log",
);

export const groupsResponse = okWith({ groups: z.array(myGroupSchema) });
export const groupListingResponse = okWith({ groups: z.array(groupListingSchema) });
export const membersResponse = okWith({ members: z.array(memberSchema) });
export const manageResponse = okWith({
  group: groupSchema,
  myRole: role.nullable().describe("The caller's role; null for a platform admin who is not a member"),
  members: z.array(memberSchema),
  requests: z.array(joinRequestSchema),
  invites: z.array(invitationSchema).describe('Open invitations (awaiting a manager or the invitee), newest first'),
});
export const logsResponse = okWith({ total: z.number().int().describe('Entries in the whole log'), logs: z.array(groupLogEntrySchema) });
export const remarkResponse = okWith({ remark: z.string().describe('Empty when unset') });
export const invitesResponse = okWith({ invites: z.array(invitationSchema) });
export const createResponse = okWith({ gid: z.string(), name: z.string() });
export const invitedResponse = okWith({
  autoJoined: z.literal(true).optional().describe('Present when the invitee joined at once (no invitation record)'),
});
