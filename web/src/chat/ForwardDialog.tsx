/**
 * "Forward": sends messages to a conversation picked from the list as one merged forward (the
 * spec's `merge` type), so they arrive quoted with their authors and times rather than as the
 * forwarder's own words. A forwarded file is quoted by kind and name: forwarding shares no file.
 */
import { type MessagePayload, mergeDraft, roomKey, roomRef } from '@chat-server/client';
import { useState } from 'react';
import { useT } from '../i18n/index.tsx';
import { errorKey, useClient, useSnapshot } from '../sdk/session.tsx';
import { Dialog, ErrorText } from '../ui/kit.tsx';

export function ForwardDialog({ messages, title, onClose }: { messages: readonly MessagePayload[]; title?: string; onClose(): void }) {
  const t = useT();
  const client = useClient();
  const { conversations } = useSnapshot();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forward = async (name: string, key: ReturnType<typeof roomKey>) => {
    setError(null);
    try {
      await client.send(roomRef(key), mergeDraft(messages, title));
      setSentTo(name);
    } catch (err) {
      setError(errorKey(err));
    }
  };
  return (
    <Dialog title={t('chat.forwardTitle')} open onClose={onClose}>
      {sentTo !== null ? <p role="status">{t('chat.forwarded', { name: sentTo })}</p> : null}
      <ErrorText error={error} />
      <ul className="rows">
        {conversations.map((c) => (
          <li key={roomKey(c)} className="row">
            <span className="grow">{c.name}</span>
            <button type="button" aria-label={t('chat.forwardTo', { name: c.name })} onClick={() => void forward(c.name, roomKey(c))}>
              {t('chat.forwardSend')}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
