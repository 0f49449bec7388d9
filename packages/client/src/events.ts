/**
 * The Socket.IO protocol's types, imported from the server's event map
 * (src/realtime/events.ts, documented in docs/protocol.md): never copied.
 */
export type {
  Ack,
  AnnouncementPayload,
  ClientToServerEvents,
  EditPayload,
  FileExpiredPayload,
  FriendsChangedPayload,
  GroupInvitesPayload,
  GroupMembersPayload,
  GroupRequestsPayload,
  GroupsChangedPayload,
  MessagePayload,
  NotificationPayload,
  PenaltyLiftedPayload,
  PenaltyPayload,
  Platform,
  PresencePayload,
  QuietPayload,
  ReactionPayload,
  ReadPayload,
  RecallPayload,
  ServerToClientEvents,
  TypingPayload,
} from '../../../src/realtime/events.ts';
