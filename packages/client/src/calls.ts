/**
 * The REST calls the sync engine and the store make, with the types of the
 * generated OpenAPI document. Anything else: `client.api.GET(...)` /
 * `.POST(...)` directly, typed the same way.
 */
import type { MessagePayload } from './events.ts';
import type { paths } from './generated/openapi.ts';
import type { RoomRef } from './sync/rooms.ts';
import { type Api, expectOk } from './transport/rest.ts';

/** The JSON success body of an operation, as the OpenAPI document describes it. */
export type ResponseOf<P extends keyof paths, M extends 'get' | 'post'> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer B } } };
}
  ? B
  : never;

/** The JSON request body of an operation. */
export type BodyOf<P extends keyof paths> = paths[P]['post'] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

/** An entry of GET /api/conversations. */
export type Conversation = ResponseOf<'/api/conversations', 'get'>['conversations'][number];

/** What a message to send may carry besides its room and cid (the body of POST /api/messages and of the `msg` event). */
export type MessageDraft = Omit<BodyOf<'/api/messages'>, 'gid' | 'dm' | 'cid'>;

/** Every group the caller is in and every friend, newest activity first. */
export async function listConversations(api: Api): Promise<Conversation[]> {
  return (await expectOk(api.GET('/api/conversations'))).conversations;
}

/** The most messages one history page holds (the kept history). */
export const PAGE_MAX = 500;

/**
 * A page of a room's history, oldest first: the whole kept history, or with
 * `after` the oldest above it, or with `before` the newest below it.
 */
export async function historyPage(api: Api, ref: RoomRef, page: { after?: number; before?: number; limit?: number } = {}): Promise<MessagePayload[]> {
  // The records are the event map's `msg` payload (the document's `Message`).
  return (await expectOk(api.GET('/api/messages', { params: { query: { ...ref, ...page } } }))).messages;
}

/** Moves the caller's read marker forward; resolves with the marker. */
export async function markRead(api: Api, ref: RoomRef, idx: number): Promise<number> {
  return (await expectOk(api.POST('/api/conversations/read', { body: { ...ref, idx } }))).idx;
}

/** Silences a room's notifications for the caller on every device, or lets them sound again; resolves with the setting. */
export async function setQuiet(api: Api, ref: RoomRef, quiet: boolean): Promise<boolean> {
  return (await expectOk(api.POST('/api/conversations/quiet', { body: { ...ref, quiet } }))).quiet;
}
