/**
 * @chat-server/client: a TypeScript client for the chat server, for browsers,
 * Node 20 and React Native. See README.md.
 */
export { authHeaders, type Credentials, socketAuth } from './auth.ts';
export { type BodyOf, type Conversation, historyPage, listConversations, markRead, type MessageDraft, PAGE_MAX, type ResponseOf, setQuiet } from './calls.ts';
export { type ChatClient, type ChatClientOptions, createChatClient, type LoginOutcome, login, logout, verifyTwofa } from './client.ts';
export { type AckOf, Connection, type ConnectionEvents, type ConnectionOptions, type ConnectionStatus, newCid, type PendingSend, type ServerEventArgs } from './connection.ts';
export type * from './events.ts';
export type { components, operations, paths } from './generated/openapi.ts';
export { mentionParts, mentions, mentionsOf, mentionTyped } from './mentions.ts';
export { type MergeContent, type MergeItem, mergeDraft, parseMerge } from './merge.ts';
export {
  ChatStore,
  type ChatSnapshot,
  emptySnapshot,
  mergeMessages,
  previewOf,
  withEdit,
  withFileExpired,
  withHistory,
  withListReceipts,
  withMessage,
  withQuiet,
  withReaction,
  withRead,
  withRecall,
  withRevised,
} from './store.ts';
export * as sync from './sync/engine.ts';
export { type RoomKey, type RoomRef, roomKey, roomRef } from './sync/rooms.ts';
export { type Api, ApiError, createApi, Endpoints, expectOk } from './transport/rest.ts';
export { type ChatSocket, connectSocket, type SocketConnector } from './transport/socket.ts';
export {
  type ChunkedOptions,
  type Progress,
  SINGLE_MAX,
  type TusOptions,
  type TusSource,
  type UploadContext,
  type UploadOptions,
  type UploadResult,
  uploadChunked,
  uploadFile,
  uploadSingle,
  uploadTus,
} from './uploads.ts';
