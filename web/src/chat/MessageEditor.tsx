/**
 * Editing one's own text message in place: its text in a box (Enter saves,
 * Shift+Enter starts a new line, Escape or Cancel leaves it as it was). The
 * Markdown switch stays as the message had it.
 */
import type { MessagePayload, RoomRef } from '@chat-server/client';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../i18n/index.tsx';
import { useClient } from '../sdk/session.tsx';
import { ErrorText } from '../ui/kit.tsx';
import { useAct } from './MessageActions.tsx';

export function MessageEditor({ m, room, onDone }: { m: MessagePayload; room: RoomRef; onDone(): void }) {
  const t = useT();
  const client = useClient();
  const [act, error] = useAct();
  const [text, setText] = useState(m.content);
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => {
    const el = box.current;
    el?.focus();
    el?.setSelectionRange(el.value.length, el.value.length);
  }, []);
  const save = () => {
    const content = text.trim();
    if (content === m.content) return onDone();
    void act(async () => {
      await client.edit(room, m.idx, content, m.md);
      onDone();
    });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onDone();
    } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      save();
    }
  };
  return (
    <form
      className="edit-message"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('chat.editLabel')}
      </label>
      <textarea id={id} ref={box} rows={2} value={text} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} />
      <div className="edit-buttons">
        <button type="submit" className="primary small">
          {t('app.save')}
        </button>
        <button type="button" className="small" onClick={onDone}>
          {t('chat.cancelEdit')}
        </button>
      </div>
      <ErrorText error={error} />
    </form>
  );
}
