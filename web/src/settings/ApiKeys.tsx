/** API keys: create with scopes, rate and expiry (the plaintext is shown once), revoke or restore, delete. */
import { useState } from 'react';
import { useT } from '../i18n/index.tsx';
import { ok, type Schema, useAction, useQuery } from '../sdk/session.tsx';
import { ErrorText, Field, Time, submitting } from '../ui/kit.tsx';

/** A scope a key may be given (the document's list). */
type Scope = Schema<'Key'>['scopes'][number];

export function ApiKeys() {
  const t = useT();
  const q = useQuery((api) => ok(api.GET('/api/keys')));
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [rate, setRate] = useState('');
  const [days, setDays] = useState('');
  const [plaintext, setPlaintext] = useState<string | null>(null);
  const create = useAction(async (api) => {
    const res = await ok(
      api.POST('/api/keys', {
        body: {
          name: name.trim(),
          scopes,
          ...(rate ? { rateLimit: Number(rate) } : {}),
          ...(days ? { expiresDays: Number(days) } : {}),
        },
      }),
    );
    setPlaintext(res.plaintext);
    setName('');
    setScopes([]);
  }, q.reload);
  const update = useAction((api, id: number, change: { revoked: boolean }) => ok(api.POST('/api/keys/update', { body: { id, ...change } })), q.reload);
  const remove = useAction((api, id: number) => ok(api.POST('/api/keys/delete', { body: { id } })), q.reload);
  return (
    <section aria-labelledby="keys" className="card">
      <h2 id="keys">{t('keys.title')}</h2>
      <ErrorText error={q.error ?? update.error ?? remove.error} />
      <ul className="rows">
        {q.data?.keys.map((k) => (
          <li key={k.id} className="row wrap">
            <span className="grow">
              <strong>{k.name}</strong> <code>key_{k.prefix}_…</code> <span className="muted">{k.scopes.join(', ')}</span>
              <br />
              <span className="muted">
                {t('keys.created')} <Time ts={k.created} /> · {k.lastUsed ? <Time ts={k.lastUsed} /> : t('keys.neverUsed')}
                {k.revoked ? ` · ${t('keys.revoked')}` : ''}
              </span>
            </span>
            <button type="button" onClick={() => void update.run(k.id, { revoked: !k.revoked })}>
              {t(k.revoked ? 'keys.restore' : 'keys.revoke')}
            </button>
            <button type="button" className="danger" onClick={() => void remove.run(k.id)}>
              {t('keys.delete')}
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={submitting(() => create.run())}>
        <h3>{t('keys.new')}</h3>
        <Field label="keys.name" required maxLength={40} value={name} onChange={(e) => setName(e.target.value)} />
        <fieldset className="checks">
          <legend>{t('keys.scopes')}</legend>
          {q.data?.scopes.map((s) => (
            <label key={s}>
              <input type="checkbox" checked={scopes.includes(s)} onChange={(e) => setScopes((l) => (e.target.checked ? [...l, s] : l.filter((x) => x !== s)))} /> {s}
            </label>
          ))}
        </fieldset>
        <Field label="keys.rate" type="number" min={1} max={6000} placeholder={String(q.data?.defaultRate ?? 60)} value={rate} onChange={(e) => setRate(e.target.value)} />
        <Field label="keys.expiresDays" type="number" min={1} value={days} onChange={(e) => setDays(e.target.value)} />
        <ErrorText error={create.error} />
        <button type="submit" className="primary">
          {t('keys.create')}
        </button>
      </form>
      {plaintext ? (
        <div role="status" className="notice">
          <p>{t('keys.copyNow')}</p>
          <code className="secret">{plaintext}</code>
        </div>
      ) : null}
    </section>
  );
}
