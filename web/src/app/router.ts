/**
 * A small router over the History API: the app's paths (`/chat/g/<gid>`,
 * `/chat/d/<name>`, `/friends`, `/admin/users`, …) are real URLs the server
 * answers with the app's page, so they can be bookmarked and reloaded.
 */
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
const notify = () => {
  for (const l of [...listeners]) l();
};
globalThis.addEventListener?.('popstate', notify);

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

export const usePath = (): string => useSyncExternalStore(subscribe, () => location.pathname);

export function navigate(path: string, opts: { replace?: boolean } = {}): void {
  if (path === location.pathname) return;
  if (opts.replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  notify();
}

/** The path of a conversation. */
export const chatPath = (room: { gid?: string | undefined; dm?: string | undefined }): string =>
  room.gid !== undefined ? `/chat/g/${encodeURIComponent(room.gid)}` : `/chat/d/${encodeURIComponent(room.dm ?? '')}`;

/** The room a `/chat/...` path names. */
export function roomOfPath(path: string): { gid: string } | { dm: string } | null {
  const m = /^\/chat\/([gd])\/([^/]+)$/.exec(path);
  if (!m) return null;
  const id = decodeURIComponent(m[2]!);
  return m[1] === 'g' ? { gid: id } : { dm: id };
}
