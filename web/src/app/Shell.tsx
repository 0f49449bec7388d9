/**
 * The logged-in frame: the header (navigation, connection state, log out)
 * and the screen of the current path. On a phone only one pane shows at a
 * time: the conversation list at `/`, the conversation at `/chat/...`, and
 * the navigation shows icons, its words kept as the links' names (styles.css).
 */
import { lazy, Suspense, useEffect } from 'react';
import { ChatLayout } from '../chat/ChatLayout.tsx';
import { clearDrafts } from '../chat/drafts.ts';
import { QuickSwitcher, useQuickSwitcher } from '../chat/QuickSwitcher.tsx';
import { FriendsScreen } from '../friends/FriendsScreen.tsx';
import { GroupsScreen } from '../groups/GroupsScreen.tsx';
import { localeOfLang, useI18n, useT } from '../i18n/index.tsx';
import { MailboxScreen, useUnreadNotifications } from '../mailbox/MailboxScreen.tsx';
import { SearchScreen } from '../search/SearchScreen.tsx';
import { ok, useQuery, useSession, useSnapshot } from '../sdk/session.tsx';
import { Avatar, Link, UnreadBadge } from '../ui/kit.tsx';
import { useDesktopNotifications, useTitleCount, useUnreadChats } from './attention.ts';
import { NavIcon } from './nav-icons.tsx';
import { usePath } from './router.ts';
import { PenaltyProvider } from './penalties.tsx';

const SettingsScreen = lazy(() => import('../settings/SettingsScreen.tsx'));
const AdminScreen = lazy(() => import('../admin/AdminScreen.tsx'));

/**
 * The account's language (`lang` of its settings) unless this browser chose
 * one. `en` is every account's default, indistinguishable from a choice, so
 * it does not override a Chinese browser.
 */
function useAccountLanguage(): void {
  const { setLocale } = useI18n();
  const settings = useQuery((api) => ok(api.GET('/api/settings')));
  const lang = settings.data?.lang;
  useEffect(() => {
    if (lang && lang !== 'en' && !localStorage.getItem('locale')) setLocale(localeOfLang(lang));
  }, [lang, setLocale]);
}

export function Shell() {
  const t = useT();
  useAccountLanguage();
  const { me, logout } = useSession();
  const path = usePath();
  const unread = useUnreadNotifications();
  const unreadChats = useUnreadChats();
  useTitleCount(unreadChats);
  useDesktopNotifications();
  const [switching, setSwitching] = useQuickSwitcher();
  const badges: Record<string, number> = { chat: unreadChats, mailbox: unread };
  const section = path === '/' || path.startsWith('/chat/') ? 'chat' : path.split('/')[1];
  const nav: Array<[string, string, string]> = [
    ['/', 'chat', 'nav.chats'],
    ['/friends', 'friends', 'nav.friends'],
    ['/groups', 'groups', 'nav.groups'],
    ['/search', 'search', 'nav.search'],
    ['/mailbox', 'mailbox', 'nav.mailbox'],
    ['/settings', 'settings', 'nav.settings'],
    ...(me?.role === 'admin' ? ([['/admin', 'admin', 'nav.admin']] as Array<[string, string, string]>) : []),
  ];
  return (
    <PenaltyProvider>
      <div className={`shell section-${section}${path.startsWith('/chat/') ? ' has-room' : ''}`}>
        <header className="topbar">
          <nav aria-label={t('nav.main')} className="mainnav">
            <ul>
              {nav.map(([to, key, label]) => (
                <li key={key}>
                  <Link to={to} aria-current={section === key ? 'page' : undefined}>
                    <NavIcon name={key} />
                    <span className="nav-label">{t(label)}</span>
                    <UnreadBadge n={badges[key] ?? 0} />
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <ConnectionState />
          <div className="me">
            <Avatar src={me?.profile.avatar} name={me?.username ?? ''} size={28} />
            <span className="me-name">{me?.profile.nickname || me?.username}</span>
            <button
              type="button"
              onClick={() => {
                clearDrafts();
                void logout();
              }}
            >
              {t('auth.logout')}
            </button>
          </div>
        </header>
        <Suspense fallback={<main className="screen" aria-busy="true" />}>
          <Screen path={path} section={section ?? ''} />
        </Suspense>
        {switching ? <QuickSwitcher onClose={() => setSwitching(false)} /> : null}
      </div>
    </PenaltyProvider>
  );
}

function Screen({ path, section }: { path: string; section: string }) {
  switch (section) {
    case 'chat':
      return <ChatLayout path={path} />;
    case 'friends':
      return <FriendsScreen />;
    case 'groups':
      return <GroupsScreen path={path} />;
    case 'search':
      return <SearchScreen />;
    case 'mailbox':
      return <MailboxScreen />;
    case 'settings':
      return <SettingsScreen />;
    case 'admin':
      return <AdminScreen path={path} />;
    default:
      return <ChatLayout path="/" />;
  }
}

/** "Offline" while the connection is down (sends wait and go once it is back), "Connecting…" before the first connection. */
function ConnectionState() {
  const t = useT();
  const { status, pending } = useSnapshot();
  const label = status === 'offline' ? 'conn.offline' : status === 'connecting' || status === 'idle' ? 'conn.connecting' : status === 'syncing' ? 'conn.syncing' : null;
  return (
    <p role="status" className={`conn conn-${status}`}>
      {label ? t(label) : ''}
      {label && pending.length > 0 ? ` · ${t('conn.queued', { n: pending.length })}` : ''}
    </p>
  );
}
