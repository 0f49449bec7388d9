/**
 * The conversation list: every group and friend, newest activity first
 * (the SDK store re-orders it as messages arrive), with avatars, the last
 * message and when it came, unread badges and presence dots.
 */
import { type Conversation, type RoomKey, roomKey } from '@chat-server/client';
import type { CSSProperties } from 'react';
import { chatPath } from '../app/router.ts';
import { type Translate, useI18n, useT } from '../i18n/index.tsx';
import { useSession, useSnapshot } from '../sdk/session.tsx';
import { Avatar, Link, MentionBadge, QuietBadge, UnreadBadge } from '../ui/kit.tsx';
import { entryTime } from './days.ts';
import { useDraftOf } from './drafts.ts';
import { useOnline } from './presence.ts';
import { openQuickSwitcher } from './QuickSwitcher.tsx';
import { useToday } from './useToday.ts';

export function ConversationList({ current }: { current: RoomKey | null }) {
  const t = useT();
  const { conversations } = useSnapshot();
  const today = useToday();
  return (
    <nav aria-label={t('chat.conversations')} className="conversations">
      <div className="pane-head">
        <h1 className="pane-title">{t('chat.conversations')}</h1>
        <button type="button" className="small" onClick={openQuickSwitcher} aria-keyshortcuts="Control+K">
          {t('switcher.open')}
        </button>
      </div>
      {conversations.length === 0 ? <p className="muted pad">{t('chat.noConversations')}</p> : null}
      <ul>
        {conversations.map((c) => (
          <Entry key={roomKey(c)} c={c} current={roomKey(c) === current} today={today} />
        ))}
      </ul>
    </nav>
  );
}

function Entry({ c, current, today }: { c: Conversation; current: boolean; today: number }) {
  const t = useT();
  const dm = 'dm' in c && typeof c.dm === 'string' ? c.dm : undefined;
  const online = useOnline(dm, 'online' in c ? Boolean(c.online) : false);
  const previewId = `preview-${roomKey(c)}`;
  const timeId = `time-${roomKey(c)}`;
  const me = useSession().me?.username ?? '';
  const draft = useDraftOf(me, roomKey(c));
  const { locale } = useI18n();
  // The badges sit at the end of the preview's line: leave it room for as many as are shown.
  const badges = Number(c.quiet) + Number(c.mentioned) + Number(c.unread > 0);
  return (
    <li className={current ? 'current' : undefined} style={{ '--badges': badges } as CSSProperties}>
      <Link to={chatPath(c)} aria-label={c.name} aria-describedby={c.last ? `${previewId} ${timeId}` : previewId} aria-current={current ? 'page' : undefined}>
        <span className="avatar-wrap">
          <Avatar src={c.avatar} name={c.name} />
          {dm !== undefined ? <span className={`dot ${online ? 'on' : 'off'}`} role="img" aria-label={t(online ? 'presence.online' : 'presence.offline')} /> : null}
        </span>
        <span className="entry-text">
          <span className="entry-head">
            <span className="entry-name">{c.name}</span>
            {c.last ? (
              <time className="entry-time" id={timeId} dateTime={new Date(c.last.ts).toISOString()} title={new Date(c.last.ts).toLocaleString(locale)}>
                {entryTime(c.last.ts, today, locale, t)}
              </time>
            ) : null}
          </span>
          <span className="entry-preview" id={previewId}>
            {draft && !current ? (
              <>
                <em className="draft">{t('chat.draft')}</em> {draft}
              </>
            ) : (
              preview(c, dm !== undefined, me, t)
            )}
          </span>
        </span>
      </Link>
      <span className={c.quiet ? 'badges quiet' : 'badges'}>
        <QuietBadge on={c.quiet} />
        <MentionBadge on={c.mentioned} />
        <UnreadBadge n={c.unread} />
      </span>
    </li>
  );
}

/** The last message as the entry shows it: "You: …" for one's own, the sender's name first in a group. */
function preview(c: Conversation, dm: boolean, me: string, t: Translate): string {
  const last = c.last;
  if (!last) return t('chat.noMessages');
  const text = previewText(last, t);
  if (last.from === me) return t('chat.previewMine', { text });
  return dm ? text : t('chat.previewFrom', { name: last.from, text });
}

/** A message as a preview shows it: its text, a titled merge's title, or the kind of file. */
export function previewText(last: NonNullable<Conversation['last']>, t: Translate): string {
  // A merge's `content` here is its title (empty without one).
  return last.recalled ? t('chat.recalled') : last.type === 'text' || (last.type === 'merge' && last.content) ? last.content : t(`chat.kind.${last.type}`);
}
