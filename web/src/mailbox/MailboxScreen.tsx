/** The mailbox: announcements and notifications (unread count in the header), both live. */
import { useEffect, useState } from 'react';
import { useT } from '../i18n/index.tsx';
import { GROW_BY, loadFirst, mayHaveMore } from '../sdk/growing.ts';
import { ok, useAction, useQuery } from '../sdk/session.tsx';
import { ErrorText, Time } from '../ui/kit.tsx';

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
  const [noteCount, setNoteCount] = useState(GROW_BY);
  const [newsCount, setNewsCount] = useState(GROW_BY);
  const notes = useQuery(
    async (api) => {
      let unread = 0;
      const notifications = await loadFirst(
        noteCount,
        async (offset, limit) => {
          const page = await ok(api.GET('/api/me/notifications', { params: { query: { offset, limit } } }));
          if (offset === 0) unread = page.unread;
          return page.notifications;
        },
        (n) => n.id,
      );
      return { notifications, unread };
    },
    [noteCount],
    ['notification'],
  );
  const news = useQuery(
    (api) =>
      loadFirst(newsCount, async (offset, limit) => (await ok(api.GET('/api/announcements', { params: { query: { offset, limit } } }))).announcements, (a) => a.id),
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
        {mayHaveMore(notes.data?.notifications, noteCount) ? (
          <button type="button" onClick={() => setNoteCount((n) => n + GROW_BY)}>
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
        {mayHaveMore(news.data, newsCount) ? (
          <button type="button" onClick={() => setNewsCount((n) => n + GROW_BY)}>
            {t('mailbox.olderAnnouncements')}
          </button>
        ) : null}
      </section>
    </main>
  );
}
