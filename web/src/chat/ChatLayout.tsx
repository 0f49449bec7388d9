/** The chat screen: the conversation list beside the open conversation (one at a time on a phone). */
import { type Conversation, roomKey } from '@chat-server/client';
import { useEffect } from 'react';
import { roomOfPath } from '../app/router.ts';
import { useT } from '../i18n/index.tsx';
import { useClient, useServerEvent, useSnapshot } from '../sdk/session.tsx';
import { ChatView } from './ChatView.tsx';
import { ConversationList } from './ConversationList.tsx';

export function ChatLayout({ path }: { path: string }) {
  const t = useT();
  const client = useClient();
  const snap = useSnapshot();
  const room = roomOfPath(path);
  // The list over HTTP at once (the shell does not wait for the connection), and again when a
  // friend or a group comes or goes, or a group is renamed: the store follows messages, not those.
  useEffect(() => {
    void client.store.refreshConversations().catch(() => {});
  }, [client]);
  const refresh = () => void client.store.refreshConversations().catch(() => {});
  useServerEvent('friends.changed', refresh);
  useServerEvent('groups.changed', refresh);
  useServerEvent('group.members', refresh);
  const key = room ? roomKey(room) : null;
  const conversation: Conversation | undefined = key ? snap.conversations.find((c) => roomKey(c) === key) : undefined;
  return (
    <div className="chat-layout">
      <ConversationList current={key} />
      <main className="room-pane">
        {room && key ? (
          <ChatView key={key} roomRef={room} conversation={conversation} />
        ) : (
          <div className="empty">
            <h1>{t('chat.pickTitle')}</h1>
            <p>{t('chat.pickHint')}</p>
          </div>
        )}
      </main>
    </div>
  );
}
