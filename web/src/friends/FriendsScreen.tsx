/** Friends: requests both ways (accept, decline), the list with presence and private remarks, removal, a new request. */
import type { ResponseOf } from '@chat-server/client';
import { useState } from 'react';
import { chatPath } from '../app/router.ts';
import { useOnline } from '../chat/presence.ts';
import { useT } from '../i18n/index.tsx';
import { ok, useAction, useQuery } from '../sdk/session.tsx';
import { Avatar, Dialog, ErrorText, Field, Link } from '../ui/kit.tsx';

/** A friend in GET /api/friends' list. */
type Friend = ResponseOf<'/api/friends', 'get'>['users'][number];

export function FriendsScreen() {
  const t = useT();
  const q = useQuery((api) => ok(api.GET('/api/friends')), [], ['friends.changed']);
  const [adding, setAdding] = useState(false);
  const accept = useAction((api, name: string) => ok(api.POST('/api/friends/accept', { body: { name } })), q.reload);
  const decline = useAction((api, name: string) => ok(api.POST('/api/friends/decline', { body: { name } })), q.reload);
  const data = q.data;
  return (
    <main className="screen">
      <div className="screen-head">
        <h1>{t('friends.title')}</h1>
        <button type="button" className="primary" onClick={() => setAdding(true)}>
          {t('friends.add')}
        </button>
      </div>
      <ErrorText error={q.error ?? accept.error ?? decline.error} />
      {data && data.requests.length > 0 ? (
        <section aria-labelledby="incoming">
          <h2 id="incoming">{t('friends.incoming')}</h2>
          <ul className="rows">
            {data.requests.map((p) => (
              <li key={p.name} className="row">
                <Avatar src={p.image} name={p.name} />
                <span className="grow">{p.name}</span>
                <button type="button" className="primary" onClick={() => void accept.run(p.name)}>
                  {t('friends.accept')}
                </button>
                <button type="button" onClick={() => void decline.run(p.name)}>
                  {t('friends.decline')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data && data.sent.length > 0 ? (
        <section aria-labelledby="outgoing">
          <h2 id="outgoing">{t('friends.sent')}</h2>
          <ul className="rows">
            {data.sent.map((p) => (
              <li key={p.name} className="row">
                <Avatar src={p.image} name={p.name} />
                <span className="grow">{p.name}</span>
                <span className="muted">{t('friends.waiting')}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="friend-list">
        <h2 id="friend-list">{t('friends.list')}</h2>
        {data && data.users.length === 0 ? <p className="muted">{t('friends.none')}</p> : null}
        <ul className="rows">
          {data?.users.map((p) => (
            <FriendRow key={p.name} p={p} onChange={q.reload} />
          ))}
        </ul>
      </section>
      <AddFriend open={adding} onClose={() => setAdding(false)} onSent={q.reload} />
    </main>
  );
}

function FriendRow({ p, onChange }: { p: Friend; onChange(): void }) {
  const t = useT();
  const online = useOnline(p.name, p.online);
  const [remark, setRemark] = useState(p.remark ?? '');
  const save = useAction((api) => ok(api.POST('/api/friends/remark', { body: { to: p.name, remark } })), onChange);
  const remove = useAction((api) => ok(api.POST('/api/friends/remove', { body: { name: p.name } })), onChange);
  return (
    <li className="row wrap">
      <span className="avatar-wrap">
        <Avatar src={p.image} name={p.name} />
        <span className={`dot ${online ? 'on' : 'off'}`} role="img" aria-label={t(online ? 'presence.online' : 'presence.offline')} />
      </span>
      <span className="grow">
        <strong>{p.remark || p.nickname || p.name}</strong> <span className="muted">@{p.name}</span>
      </span>
      <Link to={chatPath({ dm: p.name })} className="button">
        {t('friends.message')}
      </Link>
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault();
          void save.run();
        }}
      >
        <Field label="friends.remark" value={remark} maxLength={32} onChange={(e) => setRemark(e.target.value)} />
        <button type="submit">{t('app.save')}</button>
      </form>
      <button
        type="button"
        className="danger"
        onClick={() => {
          if (confirm(t('friends.removeConfirm', { name: p.name }))) void remove.run();
        }}
      >
        {t('friends.remove')}
      </button>
      <ErrorText error={save.error ?? remove.error} />
    </li>
  );
}

function AddFriend({ open, onClose, onSent }: { open: boolean; onClose(): void; onSent(): void }) {
  const t = useT();
  const [name, setName] = useState('');
  const send = useAction((api) => ok(api.POST('/api/friends/request', { body: { name: name.trim() } })), onSent);
  return (
    <Dialog
      title={t('friends.add')}
      open={open}
      onClose={() => {
        send.reset();
        setName('');
        onClose();
      }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send.run();
        }}
      >
        <Field label="auth.username" required value={name} onChange={(e) => setName(e.target.value)} />
        <ErrorText error={send.error} />
        {send.done ? <p role="status">{t('friends.requestSent', { name })}</p> : null}
        <button type="submit" className="primary" disabled={send.busy}>
          {t('friends.sendRequest')}
        </button>
      </form>
    </Dialog>
  );
}
