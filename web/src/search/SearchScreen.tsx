/** Search the text of the caller's conversations; each result opens its conversation. */
import { useState } from 'react';
import { chatPath } from '../app/router.ts';
import { useT } from '../i18n/index.tsx';
import { ok, type Schema, useAction } from '../sdk/session.tsx';
import { ErrorText, Link, Time } from '../ui/kit.tsx';

type Hit = Schema<'MessageHit'>;

export function SearchScreen() {
  const t = useT();
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<Hit[] | null>(null);
  const search = useAction(async (api) => {
    setHits((await ok(api.GET('/api/messages/search', { params: { query: { q: q.trim() } } }))).messages);
  });
  return (
    <main className="screen">
      <h1>{t('search.title')}</h1>
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault();
          if (q.trim()) void search.run();
        }}
      >
        <label htmlFor="search-q" className="visually-hidden">
          {t('search.label')}
        </label>
        <input id="search-q" type="search" value={q} placeholder={t('search.label')} onChange={(e) => setQ(e.target.value)} />
        <button type="submit" className="primary">
          {t('nav.search')}
        </button>
      </form>
      <ErrorText error={search.error} />
      {hits ? (
        <section aria-labelledby="results">
          <h2 id="results">{t('search.results', { n: hits.length })}</h2>
          <ul className="rows">
            {hits.map((h) => (
              <li key={`${h.gid ?? h.dm}-${h.idx}`} className="row">
                <span className="grow">
                  <strong>{h.from}</strong> <Time ts={h.ts} />
                  <br />
                  {h.content}
                </span>
                <Link to={`${chatPath(h)}?at=${h.idx}`} className="button">
                  {t('search.open', { name: h.gid ? t('search.group') : (h.dm ?? '') })}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
