/** One message of the log: author, time, text (Markdown when flagged) or file, reply, reactions and actions. */
import { type MessagePayload, mentionsOf, type PendingSend, type RoomRef } from '@chat-server/client';
import { lazy, type RefObject, Suspense, useEffect, useRef } from 'react';
import { FileContent } from '../files/FileContent.tsx';
import { useT } from '../i18n/index.tsx';
import { useClient } from '../sdk/session.tsx';
import { ErrorText, Time } from '../ui/kit.tsx';
import { isoDay } from './days.ts';
import { MentionText } from './MentionText.tsx';
import { MergeContent } from './MergeContent.tsx';
import { MessageActions, useAct } from './MessageActions.tsx';
import { MessageEditor } from './MessageEditor.tsx';

/** Markdown is loaded with the first message that uses it (it is not in the first bundle); the text shows meanwhile. */
const Markdown = lazy(() => import('./Markdown.tsx'));

/**
 * Focuses the element while `want` holds, without scrolling (the list has put it in view), trying
 * each frame for half a second: the virtualised list shows its items only after measuring them.
 */
function useFocus<T extends HTMLElement>(want: boolean, onFocused: () => void): RefObject<T | null> {
  const ref = useRef<T>(null);
  const done = useRef(onFocused);
  done.current = onFocused;
  useEffect(() => {
    if (!want) return;
    let frames = 0;
    let id = 0;
    const attempt = () => {
      const el = ref.current;
      el?.focus({ preventScroll: true });
      if (el && el.ownerDocument.activeElement === el) done.current();
      else if (++frames < 30) id = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(id);
  }, [want]);
  return ref;
}

interface Props {
  m: MessagePayload;
  room: RoomRef;
  me: string;
  isAdmin: boolean;
  /** The reader may remove files shared in this group (its owner or an admin of it, or a platform administrator). */
  managesFiles: boolean;
  /** The day this message opens (the first of its day in the log), shown as a line above it. */
  day: string | undefined;
  /** The "new messages" line goes above this one. */
  newLine: boolean;
  /** It continues its author's run (see days.ts): its name and time are left to the first of the run. */
  continues: boolean;
  /** The message the conversation was opened at (a search result): marked. */
  target: boolean;
  /** Focus it (once shown); `onFocused` says it has been, so that scrolling back to it later leaves the focus alone. */
  focus: boolean;
  onFocused(): void;
  /** Our message the friend has read up to. */
  readMark: boolean;
  replied: MessagePayload | undefined;
  onReply(): void;
  /** Its text is open for editing in place (its author's). */
  editing: boolean;
  onEdit(on: boolean): void;
  /** Picked for forwarding; undefined while no messages are being picked. */
  picked: boolean | undefined;
  /** Picks this message, or unpicks it (and starts picking when none are). */
  onPick(): void;
}

export function MessageItem({ m, room, me, isAdmin, managesFiles, day, newLine, continues, target, focus, onFocused, readMark, replied, onReply, editing, onEdit, picked, onPick }: Props) {
  const t = useT();
  const client = useClient();
  const [act, error] = useAct();
  const mine = m.from === me;
  const mentioned = mentionsOf(m, me);
  const article = useFocus<HTMLElement>(focus, onFocused);
  const labelId = `msg-${m.idx}-from`;
  return (
    <div className="item">
      {day ? (
        <p className="day-line">
          <time dateTime={isoDay(m.ts)}>{day}</time>
        </p>
      ) : null}
      {newLine ? (
        <div className="new-line">
          <span>{t('chat.newMessages')}</span>
        </div>
      ) : null}
      <article
        className={`msg${mine ? ' mine' : ''}${mentioned ? ' mentions-me' : ''}${target ? ' target' : ''}${continues ? ' continues' : ''}`}
        aria-labelledby={labelId}
        aria-current={target ? 'location' : undefined}
        // Focusable, so that keyboard users reach its actions (shown while it has the focus).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the article is the way to its actions
        tabIndex={0}
        ref={article}
      >
        {/* Still there for screen readers (the article is named by it), and with the checkbox while picking. */}
        <header className={continues && picked === undefined ? 'visually-hidden' : undefined}>
          {picked !== undefined && !m.recalled ? (
            <input type="checkbox" className="pick" checked={picked} onChange={onPick} aria-label={t('chat.pick', { name: m.from })} />
          ) : null}
          <strong id={labelId}>{m.from}</strong> <Time ts={m.ts} />
          {m.edited && !m.recalled ? <span className="muted edited">{t('chat.edited')}</span> : null}
          {mentioned ? <span className="mentions-you">{t('chat.mentionsYou')}</span> : null}
        </header>
        {m.replyTo ? (
          <blockquote className="quote">
            {replied ? `${replied.from}: ${replied.recalled ? t('chat.recalled') : replied.type === 'text' ? replied.content.slice(0, 120) : t(`chat.kind.${replied.type}`)}` : t('chat.replyUnknown')}
          </blockquote>
        ) : null}
        {m.recalled ? (
          <p className="muted">
            <em>{t('chat.recalled')}</em>
          </p>
        ) : editing ? (
          <MessageEditor m={m} room={room} onDone={() => onEdit(false)} />
        ) : m.type === 'text' ? (
          m.md ? (
            <Suspense fallback={<p className="text">{m.content}</p>}>
              <Markdown text={m.content} />
            </Suspense>
          ) : typeof m.gid === 'string' ? (
            <MentionText text={m.content} me={me} />
          ) : (
            <p className="text">{m.content}</p>
          )
        ) : m.type === 'merge' ? (
          <MergeContent content={m.content} />
        ) : (
          <FileContent m={m} />
        )}
        {Object.keys(m.reactions).length > 0 ? (
          <ul className="reactions" aria-label={t('chat.reactions')}>
            {Object.entries(m.reactions).map(([emoji, names]) => (
              <li key={emoji}>
                <button
                  type="button"
                  aria-pressed={names.includes(me)}
                  title={names.join(', ')}
                  aria-label={t('chat.reactionCount', { emoji, n: names.length })}
                  onClick={() => void act(() => client.react(room, m.idx, emoji))}
                >
                  {emoji} {names.length}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {readMark ? <p className="receipt">{t('chat.read')}</p> : null}
        {!m.recalled ? (
          <MessageActions m={m} room={room} mine={mine} isAdmin={isAdmin} managesFiles={managesFiles} picking={picked !== undefined} onReply={onReply} onPick={onPick} onEdit={() => onEdit(true)} />
        ) : null}
        <ErrorText error={error} />
      </article>
    </div>
  );
}

/** A send not yet acknowledged: shown greyed, "queued" while offline. */
export function PendingItem({ pending, me, offline }: { pending: PendingSend; me: string; offline: boolean }) {
  const t = useT();
  return (
    <div className="item">
      <article className="msg mine pending" aria-labelledby={`p-${pending.cid}`} aria-busy="true">
        <header>
          <strong id={`p-${pending.cid}`}>{me}</strong> <span className="muted">{t(offline ? 'chat.queued' : 'chat.sending')}</span>
        </header>
        <p className="text">{pending.draft.type === 'text' ? pending.draft.content : (pending.draft.name ?? t(`chat.kind.${pending.draft.type}`))}</p>
      </article>
    </div>
  );
}
