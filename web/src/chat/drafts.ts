/**
 * Unsent text per conversation, so that what someone was writing is still
 * there after opening another conversation, picking messages to forward (the
 * composer gives way to the picking bar) or reloading the tab. Kept in this
 * tab's sessionStorage under the account's name (another account in the same
 * tab never sees it) and dropped on logout; the conversation list shows a
 * draft in place of the last message.
 */
import { useSyncExternalStore } from 'react';

const PREFIX = 'draft:';
const listeners = new Set<() => void>();

const storageKey = (me: string, room: string) => `${PREFIX}${me}:${room}`;

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

/** The draft of a conversation ('' for none). */
export function draftOf(me: string, room: string): string {
  return sessionStorage.getItem(storageKey(me, room)) ?? '';
}

export function saveDraft(me: string, room: string, text: string): void {
  if (text.trim()) sessionStorage.setItem(storageKey(me, room), text);
  else sessionStorage.removeItem(storageKey(me, room));
  for (const l of [...listeners]) l();
}

/** The draft, following changes made by any composer of this tab. */
export const useDraftOf = (me: string, room: string): string => useSyncExternalStore(subscribe, () => draftOf(me, room));

/** Forgets every draft of this tab (logout). */
export function clearDrafts(): void {
  for (let i = sessionStorage.length - 1; i >= 0; i--) {
    const k = sessionStorage.key(i);
    if (k?.startsWith(PREFIX)) sessionStorage.removeItem(k);
  }
  for (const l of [...listeners]) l();
}
