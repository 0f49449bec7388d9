/**
 * What tells someone about messages outside the conversation they look at:
 * the unread count over their conversations (on the Chats link, and in the
 * tab's title as "(3) Chat"), and, once turned on in this browser, desktop
 * notifications of messages that arrive live while the tab is hidden or
 * another conversation is open: one per conversation at a time (a newer one
 * replaces it); a click opens the conversation. Messages caught up after a
 * reconnect count in the unread numbers but do not notify (they are not news).
 * "Only direct messages and mentions" leaves out a group's messages that do
 * not name the reader (`@name`); a conversation the reader silenced (`quiet`,
 * on every device) notifies and counts only of messages naming them.
 */
import { type Conversation, type MessagePayload, mentionsOf, previewOf, roomKey } from '@chat-server/client';
import { useEffect, useSyncExternalStore } from 'react';
import { previewText } from '../chat/ConversationList.tsx';
import { useT } from '../i18n/index.tsx';
import { useClient, useSession, useSnapshot } from '../sdk/session.tsx';
import { badgeText } from '../ui/kit.tsx';
import { chatPath, navigate } from './router.ts';

/** The page's own title (index.html), which the count is put in front of. */
const TITLE = 'Chat';
const STORAGE_KEY = 'notify.desktop';
const ONLY_MENTIONS_KEY = 'notify.onlyMentions';

/** Unread messages over every conversation; a silenced one counts only while a message names the reader. */
export function useUnreadChats(): number {
  const { conversations } = useSnapshot();
  return conversations.reduce((n, c) => n + (c.quiet && !c.mentioned ? 0 : c.unread), 0);
}

/** "(n) Chat" while there are unread messages; "Chat" again when there are none or on leaving. */
export function useTitleCount(unread: number): void {
  useEffect(() => {
    document.title = unread > 0 ? `(${badgeText(unread)}) ${TITLE}` : TITLE;
  }, [unread]);
  useEffect(
    () => () => {
      document.title = TITLE;
    },
    [],
  );
}

// ---- desktop notifications: this browser's choice ----

const choiceListeners = new Set<() => void>();

function subscribeChoice(l: () => void): () => void {
  choiceListeners.add(l);
  return () => {
    choiceListeners.delete(l);
  };
}

/** Whether this browser can show notifications at all. */
export const notificationsSupported = (): boolean => typeof Notification !== 'undefined';

/** On: asked for here and allowed by the browser (a permission withdrawn in its settings turns it off). */
function notificationsOn(): boolean {
  return notificationsSupported() && Notification.permission === 'granted' && localStorage.getItem(STORAGE_KEY) === 'on';
}

export const useNotificationsOn = (): boolean => useSyncExternalStore(subscribeChoice, notificationsOn);

const onlyMentions = (): boolean => localStorage.getItem(ONLY_MENTIONS_KEY) === 'on';

/** Whether group messages notify only when they name the reader. */
export const useOnlyMentions = (): boolean => useSyncExternalStore(subscribeChoice, onlyMentions);

export function setOnlyMentions(on: boolean): void {
  if (on) localStorage.setItem(ONLY_MENTIONS_KEY, 'on');
  else localStorage.removeItem(ONLY_MENTIONS_KEY);
  for (const l of [...choiceListeners]) l();
}

/**
 * Turns desktop notifications on (asking the browser's permission first, from the click that
 * calls this) or off. Resolves with whether they are on; `denied` when the browser refused.
 */
export async function setNotifications(on: boolean): Promise<'on' | 'off' | 'denied'> {
  let result: 'on' | 'off' | 'denied' = 'off';
  if (on && notificationsSupported()) {
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    result = permission === 'granted' ? 'on' : 'denied';
  }
  if (result === 'on') localStorage.setItem(STORAGE_KEY, 'on');
  else localStorage.removeItem(STORAGE_KEY);
  for (const l of [...choiceListeners]) l();
  return result;
}

// ---- desktop notifications: showing them ----

/** Shows a notification for each live message someone else sends, while it is on (see the module's comment). */
export function useDesktopNotifications(): void {
  const client = useClient();
  const { me } = useSession();
  const t = useT();
  const name = me?.username;
  useEffect(
    () =>
      client.connection.on('message', (m) => {
        if (m.from === name || client.connection.status !== 'live' || !notificationsOn()) return;
        if (typeof m.gid === 'string' && onlyMentions() && !mentionsOf(m, name)) return;
        const c = client.store.getSnapshot().conversations.find((x) => roomKey(x) === roomKey(m));
        if (c?.quiet && !mentionsOf(m, name)) return;
        const path = chatPath(roomOf(m));
        if (location.pathname === path && document.visibilityState === 'visible') return;
        show(m, c, path, previewText(previewOf(m), t));
      }),
    [client, name, t],
  );
}

function roomOf(m: MessagePayload): { gid: string } | { dm: string } {
  return typeof m.gid === 'string' ? { gid: m.gid } : { dm: m.dm ?? m.from };
}

function show(m: MessagePayload, c: Conversation | undefined, path: string, text: string): void {
  const group = typeof m.gid === 'string';
  const n = new Notification(group ? (c?.name ?? m.gid ?? '') : m.from, {
    body: group ? `${m.from}: ${text}` : text,
    tag: roomKey(m),
  });
  n.onclick = () => {
    window.focus();
    navigate(path);
    n.close();
  };
}
