import type { AdminService } from './modules/admin/admin.service.ts';
import type { AdminUsersService } from './modules/admin/admin-users.service.ts';
import type { AdmissionService } from './modules/groups/admission.service.ts';
import type { AppealsService } from './modules/moderation/appeals.service.ts';
import type { AuditService } from './modules/audit/audit.service.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import type { FilesService } from './modules/uploads/files.service.ts';
import type { FriendsService } from './modules/friends/friends.service.ts';
import type { GroupFilesService } from './modules/messages/group-files.service.ts';
import type { GroupsService } from './modules/groups/groups.service.ts';
import type { KeysService } from './modules/keys/keys.service.ts';
import type { MailboxService } from './modules/mailbox/mailbox.service.ts';
import type { MessagesService } from './modules/messages/messages.service.ts';
import type { OAuthService } from './modules/oauth/oauth.service.ts';
import type { PenaltiesService } from './modules/moderation/penalties.service.ts';
import type { PresenceService } from './realtime/presence.ts';
import type { ReportQueueService } from './modules/moderation/report-queue.service.ts';
import type { ConversationListService } from './modules/messages/conversation-list.service.ts';
import type { ReportsService } from './modules/messages/reports.service.ts';
import type { TusEndpoint } from './modules/uploads/uploads.tus.ts';
import type { UploadsService } from './modules/uploads/uploads.service.ts';
import type { UsersService } from './modules/users/users.service.ts';

/** Every service of the process; route builders take what they need from here. */
export interface Services {
  auth: AuthService;
  keys: KeysService;
  users: UsersService;
  presence: PresenceService;
  admin: AdminService;
  friends: FriendsService;
  groups: GroupsService;
  /** Group invitations and join requests. */
  admission: AdmissionService;
  adminUsers: AdminUsersService;
  audit: AuditService;
  mailbox: MailboxService;
  penalties: PenaltiesService;
  appeals: AppealsService;
  reportQueue: ReportQueueService;
  oauth: OAuthService;
  uploads: UploadsService;
  files: FilesService;
  /** Resumable uploads: the tus server behind /api/tus and its expiry. */
  tus: TusEndpoint;
  /** Sending, recall, reactions, typing, history, search. */
  messages: MessagesService;
  /** The conversation list with unread counts, and read markers. */
  conversationList: ConversationListService;
  /** Recording reports of messages and users. */
  reports: ReportsService;
  /** Group managers removing a file shared in their group. */
  groupFiles: GroupFilesService;
}
