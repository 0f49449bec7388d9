/** The mailbox: announcements and notifications (unread count in the header), both live. */
import { useEffect, useState } from 'react';
import { useT } from '../i18n/index.tsx';
import { ok, useAction, useQuery } from '../sdk/session.tsx';
import { ErrorText, Time } from '../ui/kit.tsx';

/** Rows shown at first, and added by each "Older …" press. */
const PAGE = 50;
/** The server's most rows per call. */
const MOST_PER_CALL = 200;

/**
 * The newest `count` rows of a newest-first list, in calls of at most {@link MOST_PER_CALL}, so a
 * list grown by "Older …" is loaded again whole when an event refreshes it. A row that moved to
 * the next call while they ran is kept once.
 */
async function loadNewest<R extends { id: number }>(count: number, call: (offset: number, limit: number) => Promise<R[]>): Promise<R[]> {
  const offsets = Array.from({ length: Math.ceil(count / MOST_PER_CALL) }, (_, i) => i * MOST_PER_CALL);
  const pages = await Promise.all(offsets.map((offset) => call(offset, Math.min(MOST_PER_CALL, count - offset))));
  const byId = new Map<number, R>();
  for (const row of pages.flat()) if (!byId.has(row.id)) byId.set(row.id, row);
  return [...byId.values()];
}

/** Unread notifications, for the header's badge: the server's count, asked again on each `notification` and after marking read. */
export function useUnreadNotifications(): number {
  const q = useQuery(async (api) => (await ok(api.GET('/api/me/notifications', { params: { query: { limit: 1 } } }))).unread, [], ['notification']);
  useEffect(() => {
    addEventListener('mailbox-read', q.reload);
    return () => removeEventListener('mailbox-read', q.reload);
  }, [q.reload]);
  return q.data ?? 0;
}

export function MailboxScreen() {
  const t = useT();
  const [noteCount, setNoteCount] = useState(PAGE);
  const [newsCount, setNewsCount] = useState(PAGE);
  const notes = useQuery(
    async (api) => {
      let unread = 0;
      const notifications = await loadNewest(noteCount, async (offset, limit) => {
        const page = await ok(api.GET('/api/me/notifications', { params: { query: { offset, limit } } }));
        if (offset === 0) unread = page.unread;
        return page.notifications;
      });
      return { notifications, unread };
    },
    [noteCount],
    ['notification'],
  );
  const news = useQuery(
    (api) =>
      loadNewest(newsCount, async (offset, limit) => (await ok(api.GET('/api/announcements', { params: { query: { offset, limit } } }))).announcements),
    [newsCount],
    ['announcement'],
  );
  const markRead = useAction(
    (api, which: { ids: number[] } | { upTo: number }) => ok(api.POST('/api/me/notifications/read', { body: which })),
    () => {
      notes.reload();
      dispatchEvent(new Event('mailbox-read'));
    },
  );
  const newest = notes.data?.notifications[0];
  return (
    <main className="screen">
      <h1>{t('mailbox.title')}</h1>
      <section aria-labelledby="notes">
        <div className="screen-head">
          <h2 id="notes">{t('mailbox.notifications', { n: notes.data?.unread ?? 0 })}</h2>
          {newest && (notes.data?.unread ?? 0) > 0 ? (
            // Up to the newest shown: older pages too, and not one that arrives meanwhile.
            <button type="button" onClick={() => void markRead.run({ upTo: newest.id })}>
              {t('mailbox.markAllRead')}
            </button>
          ) : null}
        </div>
        <ErrorText error={notes.error ?? markRead.error} />
        {notes.data?.notifications.length === 0 ? <p className="muted">{t('mailbox.noNotifications')}</p> : null}
        <ul className="rows">
          {notes.data?.notifications.map((n) => (
            <li key={n.id} className={`row wrap${n.read ? '' : ' unread'}`}>
              <span className="grow">
                <strong>{t(n.title)}</strong> <Time ts={n.created} />
                <br />
                {t(n.body)}
              </span>
              {!n.read ? (
                <button type="button" onClick={() => void markRead.run({ ids: [n.id] })}>
                  {t('mailbox.markRead')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        {(notes.data?.notifications.length ?? 0) >= noteCount ? (
          <button type="button" onClick={() => setNoteCount((n) => n + PAGE)}>
            {t('mailbox.olderNotifications')}
          </button>
        ) : null}
      </section>
      <section aria-labelledby="news">
        <h2 id="news">{t('mailbox.announcements')}</h2>
        {news.data?.length === 0 ? <p className="muted">{t('mailbox.noAnnouncements')}</p> : null}
        {news.data?.map((a) => (
          <article key={a.id} className="card" aria-labelledby={`a-${a.id}`}>
            <h3 id={`a-${a.id}`}>{a.title}</h3>
            <p className="muted">
              {a.actor} · <Time ts={a.updated} />
            </p>
            <p className="text">{a.content}</p>
          </article>
        ))}
        {(news.data?.length ?? 0) >= newsCount ? (
          <button type="button" onClick={() => setNewsCount((n) => n + PAGE)}>
            {t('mailbox.olderAnnouncements')}
          </button>
        ) : null}
      </section>
    </main>
  );
}
