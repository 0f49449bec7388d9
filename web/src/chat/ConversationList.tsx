/**
 * The conversation list: every group and friend, newest activity first
 * (the SDK store re-orders it as messages arrive), with avatars, the last
 * message, unread badges and presence dots.
 */
import { type Conversation, type RoomKey, roomKey } from '@chat-server/client';
import { chatPath } from '../app/router.ts';
import { type Translate, useT } from '../i18n/index.tsx';
import { useSession, useSnapshot } from '../sdk/session.tsx';
import { Avatar, Link, MentionBadge, QuietBadge, UnreadBadge } from '../ui/kit.tsx';
import { useDraftOf } from './drafts.ts';
import { useOnline } from './presence.ts';
import { openQuickSwitcher } from './QuickSwitcher.tsx';

export function ConversationList({ current }: { current: RoomKey | null }) {
  const t = useT();
  const { conversations } = useSnapshot();
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
          <Entry key={roomKey(c)} c={c} current={roomKey(c) === current} />
        ))}
      </ul>
    </nav>
  );
}

function Entry({ c, current }: { c: Conversation; current: boolean }) {
  const t = useT();
  const dm = 'dm' in c && typeof c.dm === 'string' ? c.dm : undefined;
  const online = useOnline(dm, 'online' in c ? Boolean(c.online) : false);
  const previewId = `preview-${roomKey(c)}`;
  const draft = useDraftOf(useSession().me?.username ?? '', roomKey(c));
  return (
    <li className={current ? 'current' : undefined}>
      <Link to={chatPath(c)} aria-label={c.name} aria-describedby={previewId} aria-current={current ? 'page' : undefined}>
        <span className="avatar-wrap">
          <Avatar src={c.avatar} name={c.name} />
          {dm !== undefined ? <span className={`dot ${online ? 'on' : 'off'}`} role="img" aria-label={t(online ? 'presence.online' : 'presence.offline')} /> : null}
        </span>
        <span className="entry-text">
          <span className="entry-name">{c.name}</span>
          <span className="entry-preview" id={previewId}>
            {draft && !current ? (
              <>
                <em className="draft">{t('chat.draft')}</em> {draft}
              </>
            ) : (
              preview(c, t)
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

function preview(c: Conversation, t: Translate): string {
  const last = c.last;
  if (!last) return t('chat.noMessages');
  return `${last.from}: ${previewText(last, t)}`;
}

/** A message as a preview shows it: its text, a titled merge's title, or the kind of file. */
export function previewText(last: NonNullable<Conversation['last']>, t: Translate): string {
  // A merge's `content` here is its title (empty without one).
  return last.recalled ? t('chat.recalled') : last.type === 'text' || (last.type === 'merge' && last.content) ? last.content : t(`chat.kind.${last.type}`);
}
