/**
 * The composer: Enter sends, Shift+Enter starts a new line; a Markdown switch;
 * files through "Attach file" (or dropped on the conversation, or pasted) with
 * a progress bar each; unsent text kept as the conversation's draft; in a
 * group, `@` offers the members to mention (arrows, Enter or Tab, Escape);
 * ArrowUp in the empty box edits one's last text message.
 * Disabled while the account or the group mutes the person. Sends
 * made offline wait in the SDK's outbox and go once the connection is back.
 */
import { type MessagePayload, type RoomRef, roomKey } from '@chat-server/client';
import { type ClipboardEvent, type KeyboardEvent, type RefObject, useId, useRef, useState } from 'react';
import { usePenalties } from '../app/penalties.tsx';
import { formatSize } from '../files/FileContent.tsx';
import type { useUpload } from '../files/useUpload.ts';
import { useT } from '../i18n/index.tsx';
import { errorKey, useClient, useSession } from '../sdk/session.tsx';
import { Avatar, ErrorText, Time } from '../ui/kit.tsx';
import { draftOf, saveDraft } from './drafts.ts';
import { useMentionSuggest } from './useMentionSuggest.ts';

const TYPING_EVERY_MS = 2_000;

interface Props {
  room: RoomRef;
  groupMuted: boolean;
  replyTo: MessagePayload | null;
  onReplyDone(): void;
  upload: ReturnType<typeof useUpload>;
  /** Opens the writer's last text message for editing (ArrowUp in an empty box); false when there is none. */
  onEditLast(): boolean;
  /** The text box, for the conversation to give the keyboard back to. */
  box: RefObject<HTMLTextAreaElement | null>;
}

export function Composer({ room, groupMuted, replyTo, onReplyDone, upload, onEditLast, box: textarea }: Props) {
  const t = useT();
  const client = useClient();
  const { mute } = usePenalties();
  const [text, setText] = useDraft(room);
  const [caret, setCaret] = useState(0);
  const me = useSession().me?.username ?? '';
  const suggest = useMentionSuggest(room, text, caret, me);
  const suggestId = useId();
  const [md, setMd] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lastTyping = useRef(0);
  const textId = useId();
  const fileId = useId();
  const mdId = useId();
  const disabled = mute !== null || groupMuted;

  const send = () => {
    const content = text.trim();
    if (!content || disabled) return;
    setText('');
    setError(null);
    const reply = replyTo?.idx;
    onReplyDone();
    client.send(room, { type: 'text', content, md: md ? 1 : 0, ...(reply ? { replyTo: reply } : {}) }).catch((err) => {
      setError(errorKey(err));
      setText((now) => now || content);
    });
  };
  // Files on the clipboard (a screenshot, files copied in the file manager) are sent like attached ones.
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...e.clipboardData.files];
    if (files.length === 0 || disabled) return;
    e.preventDefault();
    for (const f of files) void upload.send(f);
  };
  const mention = (index: number) => {
    const member = suggest.shown[index];
    if (!member) return;
    const done = suggest.complete(member);
    setText(done.text);
    setCaret(done.caret);
    // After React has put the new text in: the caret goes after the inserted name.
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(done.caret, done.caret);
    });
  };
  /** The keys the member suggestions take while shown; false for the others. */
  const suggestionKey = (key: string): boolean => {
    if (key === 'ArrowDown' || key === 'ArrowUp') suggest.move(key === 'ArrowDown' ? 1 : -1);
    else if (key === 'Enter' || key === 'Tab') mention(suggest.active);
    else if (key === 'Escape') suggest.dismiss();
    else return false;
    return true;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggest.shown.length > 0 && !e.nativeEvent.isComposing) {
      const handled = e.shiftKey ? false : suggestionKey(e.key);
      if (handled) {
        e.preventDefault();
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    } else if (e.key === 'ArrowUp' && text === '' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey && onEditLast()) {
      e.preventDefault();
    }
  };
  const onChange = (value: string, at: number) => {
    setText(value);
    setCaret(at);
    const now = Date.now();
    if (value && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      void client.typing(room).catch(() => {});
    }
  };

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      {disabled ? (
        <p className="notice" role="status">
          {mute ? (mute.until ? <>{t('penalty.mutedUntil')} <Time ts={mute.until} /></> : t('penalty.mutedForever')) : t('chat.groupMuted')}
        </p>
      ) : null}
      {replyTo ? (
        <p className="replying">
          {t('chat.replyingTo', { name: replyTo.from })}{' '}
          <button type="button" className="link" onClick={onReplyDone}>
            {t('chat.cancelReply')}
          </button>
        </p>
      ) : null}
      {upload.uploads.map((u) => (
        <div key={u.name} className="upload">
          <label>
            {u.name} ({formatSize(u.total)})
            <progress max={u.total || 1} value={u.sent} aria-label={t('files.progress', { name: u.name })} />
          </label>
          {u.error ? (
            <>
              <ErrorText error={u.error} />
              {u.file ? (
                <button type="button" onClick={() => void upload.send(u.file!, u.uploadId)}>
                  {t('files.retry')}
                </button>
              ) : null}
              <button type="button" onClick={() => upload.dismiss(u.name)}>
                {t('app.dismiss')}
              </button>
            </>
          ) : null}
        </div>
      ))}
      {suggest.shown.length > 0 ? (
        <div id={suggestId} role="listbox" aria-label={t('chat.mentionSuggestions')} className="mentions">
          {suggest.shown.map((m, i) => (
            // The text box keeps the focus: a member is picked with the arrows and Enter, or a click.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the text box handles the keys
            <div
              key={m.name}
              id={`${suggestId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === suggest.active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => mention(i)}
            >
              <Avatar src={m.image} name={m.name} size={22} />
              <span>{m.nickname ? `${m.nickname} (@${m.name})` : `@${m.name}`}</span>
            </div>
          ))}
        </div>
      ) : null}
      <div className="composer-row">
        <span className="attach">
          <input
            id={fileId}
            type="file"
            multiple
            className="visually-hidden"
            aria-label={t('files.attach')}
            disabled={disabled}
            onChange={(e) => {
              for (const f of e.target.files ?? []) void upload.send(f);
              e.target.value = '';
            }}
          />
          <label htmlFor={fileId} className="button" aria-hidden="true">
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M21 11.5 12.5 20a5 5 0 0 1-7-7l9-9a3.5 3.5 0 0 1 5 5l-9 9a2 2 0 0 1-3-3l8-8" />
            </svg>
          </label>
        </span>
        <label htmlFor={textId} className="visually-hidden">
          {t('chat.message')}
        </label>
        <textarea
          id={textId}
          ref={textarea}
          rows={1}
          value={text}
          disabled={disabled}
          placeholder={t('chat.message')}
          aria-autocomplete={room.gid !== undefined ? 'list' : undefined}
          aria-controls={suggest.shown.length > 0 ? suggestId : undefined}
          aria-activedescendant={suggest.shown.length > 0 ? `${suggestId}-${suggest.active}` : undefined}
          onChange={(e) => onChange(e.target.value, e.target.selectionStart)}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
        <button type="submit" className="primary" disabled={disabled}>
          {t('chat.send')}
        </button>
      </div>
      <div className="composer-opts">
        <input id={mdId} type="checkbox" checked={md} onChange={(e) => setMd(e.target.checked)} />
        <label htmlFor={mdId}>{t('chat.markdown')}</label>
        <span className="muted hint">{t('chat.placeholder')}</span>
      </div>
      <ErrorText error={error} />
    </form>
  );
}

/** The composer's text, written through to the conversation's draft. */
function useDraft(room: RoomRef): [string, (next: string | ((now: string) => string)) => void] {
  const me = useSession().me?.username ?? '';
  const key = roomKey(room);
  const [text, setText] = useState(() => draftOf(me, key));
  const set = (next: string | ((now: string) => string)) =>
    setText((now) => {
      const value = typeof next === 'function' ? next(now) : next;
      saveDraft(me, key, value);
      return value;
    });
  return [text, set];
}
