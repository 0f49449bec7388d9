/**
 * Administration (administrators only; loaded on demand): pending
 * registrations, users (role, ban, rename, password, avatar removal, delete),
 * reports, penalties, appeals, announcements, files (one by one or a page's
 * pick at once), the audit log, GitHub login.
 */
import { useState } from 'react';
import { detailText } from '../groups/GroupPage.tsx';
import { useI18n, useT } from '../i18n/index.tsx';
import { ok, type Schema, useAction, useCall, useQuery, useSession } from '../sdk/session.tsx';
import { Avatar, ErrorText, Field, Link, Select, TextArea, Time, submitting } from '../ui/kit.tsx';
import { momentText } from '../chat/days.ts';
import { formatSize } from '../files/FileContent.tsx';

type PenaltyAction = Schema<'Penalty'>['action'];

const TABS = ['approvals', 'users', 'reports', 'penalties', 'appeals', 'announcements', 'files', 'logs', 'oauth'] as const;
type Tab = (typeof TABS)[number];

export default function AdminScreen({ path }: { path: string }) {
  const t = useT();
  const { me } = useSession();
  const tab = (TABS.find((x) => path === `/admin/${x}`) ?? 'approvals') as Tab;
  if (me?.role !== 'admin') return <main className="screen">{t('api.forbidden')}</main>;
  return (
    <main className="screen admin">
      <h1>{t('admin.title')}</h1>
      <nav aria-label={t('admin.sections')} className="tabs">
        <ul>
          {TABS.map((x) => (
            <li key={x}>
              <Link to={`/admin/${x}`} aria-current={tab === x ? 'page' : undefined}>
                {t(`admin.tab.${x}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="admin-tab">
        <h2 id="admin-tab">{t(`admin.tab.${tab}`)}</h2>
        {tab === 'approvals' ? <Approvals /> : null}
        {tab === 'users' ? <Users /> : null}
        {tab === 'reports' ? <Reports /> : null}
        {tab === 'penalties' ? <Penalties /> : null}
        {tab === 'appeals' ? <Appeals /> : null}
        {tab === 'announcements' ? <Announcements /> : null}
        {tab === 'files' ? <Files /> : null}
        {tab === 'logs' ? <Logs /> : null}
        {tab === 'oauth' ? <OAuth /> : null}
      </section>
    </main>
  );
}

/** Rows per page of the administration lists. */
const PAGE_SIZE = 50;

/** The page shown of a list, and the query's `limit` and `offset` for it. */
function usePage() {
  const [page, setPage] = useState(1);
  return { page, setPage, query: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE } };
}

/**
 * Previous / next under a list shown a page at a time (nothing when it fits one page). The last
 * page is known from `total` when the server counts, else from a page that came back short.
 */
function Pager({ page, setPage, shown, total }: { page: number; setPage(page: number): void; shown: number; total?: number }) {
  const t = useT();
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / PAGE_SIZE));
  const last = pages === undefined ? shown < PAGE_SIZE : page >= pages;
  if (page === 1 && last) return null;
  return (
    <p className="inline">
      <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        {t('admin.prev')}
      </button>
      <span>{pages === undefined ? t('admin.page', { n: page }) : t('admin.pageOf', { n: page, of: pages })}</span>
      <button type="button" disabled={last} onClick={() => setPage(page + 1)}>
        {t('admin.next')}
      </button>
    </p>
  );
}

function Approvals() {
  const t = useT();
  const q = useQuery((api) => ok(api.GET('/api/admin/approvals')));
  const op = useAction((api, path: '/api/admin/review/approve' | '/api/admin/review/reject', name: string) => ok(api.POST(path, { body: { name } })), q.reload);
  return (
    <>
      <ErrorText error={q.error ?? op.error} />
      {q.data?.approvals.length === 0 ? <p className="muted">{t('admin.noApprovals')}</p> : null}
      <ul className="rows">
        {q.data?.approvals.map((a) => (
          <li key={a.name} className="row wrap">
            <span className="grow">
              <strong>{a.name}</strong> <span className="muted">{a.email}</span> <Time ts={a.created} />
            </span>
            <button type="button" className="primary" aria-label={t('admin.approveUser', { name: a.name })} onClick={() => void op.run('/api/admin/review/approve', a.name)}>
              {t('admin.approve')}
            </button>
            <button type="button" aria-label={t('admin.rejectUser', { name: a.name })} onClick={() => void op.run('/api/admin/review/reject', a.name)}>
              {t('admin.reject')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function Users() {
  const t = useT();
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const { page, setPage, query } = usePage();
  const list = useQuery((api) => ok(api.GET('/api/admin/users', { params: { query: { q: search || undefined, ...query } } })), [search, page]);
  const [addName, setAddName] = useState('');
  const [addPass, setAddPass] = useState('');
  const add = useAction((api) => ok(api.POST('/api/admin/user/add', { body: { name: addName.trim(), password: addPass } })), () => {
    setAddName('');
    setAddPass('');
    list.reload();
  });
  return (
    <>
      <form className="inline" onSubmit={submitting(() => {
          setPage(1);
          setSearch(q.trim());
        })}>
        <Field label="admin.findUser" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        <button type="submit">{t('nav.search')}</button>
      </form>
      <ErrorText error={list.error} />
      <table className="stacked">
        <caption className="visually-hidden">{t('admin.tab.users')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('auth.username')}</th>
            <th scope="col">{t('admin.role')}</th>
            <th scope="col">{t('admin.status')}</th>
            <th scope="col">{t('admin.lastSeen')}</th>
            <th scope="col">{t('admin.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.users.map((u) => (
            <UserRow key={u.name} u={u} onChange={list.reload} />
          ))}
        </tbody>
      </table>
      <Pager page={page} setPage={setPage} shown={list.data?.users.length ?? 0} total={list.data?.total} />
      <form onSubmit={submitting(() => add.run())} className="card">
        <h3>{t('admin.addUser')}</h3>
        <Field label="auth.username" required value={addName} onChange={(e) => setAddName(e.target.value)} />
        <Field label="auth.password" type="password" autoComplete="new-password" required value={addPass} onChange={(e) => setAddPass(e.target.value)} />
        <ErrorText error={add.error} />
        <button type="submit" className="primary">
          {t('admin.addUser')}
        </button>
      </form>
    </>
  );
}

function UserRow({ u, onChange }: { u: Schema<'AdminUser'>; onChange(): void }) {
  const t = useT();
  const op = useCall(onChange);
  const ask = (key: string) => prompt(t(key, { name: u.name }))?.trim();
  return (
    <tr>
      <th scope="row">
        <span className="who">
          <Avatar src={u.avatar} name={u.name} size={24} />
          {u.name}
        </span>
      </th>
      <td data-label={t('admin.role')}>{t(`admin.roleName.${u.role}`)}</td>
      <td data-label={t('admin.status')}>{u.status}</td>
      <td data-label={t('admin.lastSeen')}>{u.last_seen ? <Time ts={u.last_seen} /> : '—'}</td>
      <td>
        <div className="row-actions">
          <button type="button" onClick={() => void op.run((api) => api.POST('/api/admin/user/role', { body: { name: u.name, role: u.role === 'admin' ? 'user' : 'admin' } }))}>
            {t(u.role === 'admin' ? 'admin.makeUser' : 'admin.makeAdmin')}
          </button>
          <button type="button" onClick={() => void op.run((api) => api.POST('/api/admin/penalties/add', { body: { user: u.name, action: 'ban', duration: 0, reason: '' } }))}>
            {t('admin.ban')}
          </button>
          <button
            type="button"
            onClick={() => {
              const newName = ask('admin.renamePrompt');
              if (newName) void op.run((api) => api.POST('/api/admin/user/rename', { body: { name: u.name, newName } }));
            }}
          >
            {t('admin.rename')}
          </button>
          <button
            type="button"
            onClick={() => {
              const password = ask('admin.passwordPrompt');
              if (password) void op.run((api) => api.POST('/api/admin/user/pass', { body: { name: u.name, password } }));
            }}
          >
            {t('admin.resetPassword')}
          </button>
          {u.avatar ? (
            <button type="button" onClick={() => void op.run((api) => api.POST('/api/admin/user/image', { body: { name: u.name, image: '' } }))}>
              {t('admin.removeAvatar')}
            </button>
          ) : null}
          <button type="button" className="danger" onClick={() => confirm(t('admin.deleteConfirm', { name: u.name })) && void op.run((api) => api.POST('/api/admin/user/del', { body: { name: u.name } }))}>
            {t('admin.delete')}
          </button>
        </div>
        <ErrorText error={op.error} />
      </td>
    </tr>
  );
}

function Reports() {
  const t = useT();
  const { page, setPage, query } = usePage();
  const q = useQuery((api) => ok(api.GET('/api/admin/reports', { params: { query: { status: 'pending', ...query } } })), [page]);
  const op = useCall(q.reload);
  return (
    <>
      <ErrorText error={q.error ?? op.error} />
      {q.data?.reports.length === 0 ? <p className="muted">{t('admin.noReports')}</p> : null}
      <ul className="rows">
        {q.data?.reports.map((r) => (
          <li key={r.id} className="row wrap">
            <span className="grow">
              <strong>{r.user}</strong> · {t('admin.reportedBy', { name: r.reporter })} ({r.ip}) <Time ts={r.created} />
              <br />
              {r.reason ? <em>{r.reason}</em> : null}
              {r.snapshot ? <blockquote className="quote">{typeof r.snapshot.content === 'string' ? r.snapshot.content : ''}</blockquote> : null}
            </span>
            <button type="button" onClick={() => void op.run((api) => api.POST('/api/admin/reports/dismiss', { body: { id: r.id } }))}>
              {t('admin.dismiss')}
            </button>
            <button type="button" className="danger" onClick={() => void op.run((api) => api.POST('/api/admin/reports/punish', { body: { id: r.id, user: r.user, action: 'mute', duration: 3600 } }))}>
              {t('admin.muteHour')}
            </button>
          </li>
        ))}
      </ul>
      <Pager page={page} setPage={setPage} shown={q.data?.reports.length ?? 0} />
    </>
  );
}

function Penalties() {
  const t = useT();
  const { locale } = useI18n();
  const { page, setPage, query } = usePage();
  const q = useQuery((api) => ok(api.GET('/api/admin/penalties', { params: { query: { active: 'true', ...query } } })), [page]);
  const [user, setUser] = useState('');
  const [action, setAction] = useState<PenaltyAction>('warning');
  const [duration, setDuration] = useState('3600');
  const [reason, setReason] = useState('');
  const add = useAction(
    (api) => ok(api.POST('/api/admin/penalties/add', { body: { user: user.trim(), action, duration: Number(duration) || 0, reason } })),
    q.reload,
  );
  const revoke = useAction((api, id: number) => ok(api.POST('/api/admin/penalties/revoke', { body: { id } })), q.reload);
  return (
    <>
      <form className="card" onSubmit={submitting(() => add.run())}>
        <h3>{t('admin.addPenalty')}</h3>
        <Field label="auth.username" required value={user} onChange={(e) => setUser(e.target.value)} />
        <Select
          label="admin.action"
          value={action}
          onChange={(e) => setAction(e.target.value as PenaltyAction)}
          options={['warning', 'mute', 'ban', 'ipban'].map((a) => [a, `penalty.action.${a}`] as const)}
        />
        <Field label="admin.durationSeconds" type="number" min={0} value={duration} onChange={(e) => setDuration(e.target.value)} hint={t('admin.durationHint')} />
        <Field label="admin.reason" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        <ErrorText error={add.error} />
        <button type="submit" className="primary">
          {t('admin.impose')}
        </button>
      </form>
      <ErrorText error={q.error ?? revoke.error} />
      <ul className="rows">
        {q.data?.penalties.map((p) => (
          <li key={p.id} className="row wrap">
            <span className="grow">
              <strong>{p.user}</strong> {t(`penalty.action.${p.action}`)} · {p.reason} · {p.actor} <Time ts={p.created} />{' '}
              <span className="muted">{p.expires ? t('penalty.until', { when: momentText(p.expires, Date.now(), locale) }) : t('penalty.permanent')}</span>
            </span>
            <button type="button" onClick={() => void revoke.run(p.id)}>
              {t('admin.revoke')}
            </button>
          </li>
        ))}
      </ul>
      <Pager page={page} setPage={setPage} shown={q.data?.penalties.length ?? 0} />
    </>
  );
}

function Appeals() {
  const t = useT();
  const { page, setPage, query } = usePage();
  const q = useQuery((api) => ok(api.GET('/api/admin/appeals', { params: { query: { status: 'pending', ...query } } })), [page]);
  const handle = useAction((api, id: number, approve: boolean) => ok(api.POST('/api/admin/appeals/handle', { body: { id, approve } })), q.reload);
  return (
    <>
      <ErrorText error={q.error ?? handle.error} />
      {q.data?.appeals.length === 0 ? <p className="muted">{t('admin.noAppeals')}</p> : null}
      <ul className="rows">
        {q.data?.appeals.map((a) => (
          <li key={a.id} className="row wrap">
            <span className="grow">
              <strong>{a.user}</strong> · {t(`penalty.action.${a.action}`)} ({a.penaltyReason}) <Time ts={a.created} />
              <br />
              {a.reason}
            </span>
            <button type="button" className="primary" onClick={() => void handle.run(a.id, true)}>
              {t('admin.liftPenalty')}
            </button>
            <button type="button" onClick={() => void handle.run(a.id, false)}>
              {t('admin.reject')}
            </button>
          </li>
        ))}
      </ul>
      <Pager page={page} setPage={setPage} shown={q.data?.appeals.length ?? 0} />
    </>
  );
}

function Announcements() {
  const t = useT();
  const { page, setPage, query } = usePage();
  const q = useQuery((api) => ok(api.GET('/api/announcements', { params: { query } })), [page], ['announcement']);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const add = useAction((api) => ok(api.POST('/api/admin/announcements', { body: { title, content } })), () => {
    setTitle('');
    setContent('');
    q.reload();
  });
  const del = useAction((api, id: number) => ok(api.DELETE('/api/admin/announcements', { body: { id } })), q.reload);
  return (
    <>
      <form className="card" onSubmit={submitting(() => add.run())}>
        <Field label="admin.announcementTitle" required value={title} onChange={(e) => setTitle(e.target.value)} />
        <TextArea label="admin.announcementContent" required value={content} onChange={(e) => setContent(e.target.value)} />
        <ErrorText error={add.error} />
        <button type="submit" className="primary">
          {t('admin.publish')}
        </button>
      </form>
      <ErrorText error={del.error} />
      <ul className="rows">
        {q.data?.announcements.map((a) => (
          <li key={a.id} className="row wrap">
            <span className="grow">
              <strong>{a.title}</strong> <Time ts={a.created} />
              <br />
              {a.content}
            </span>
            <button type="button" className="danger" onClick={() => void del.run(a.id)}>
              {t('admin.delete')}
            </button>
          </li>
        ))}
      </ul>
      <Pager page={page} setPage={setPage} shown={q.data?.announcements.length ?? 0} />
    </>
  );
}

function Files() {
  const t = useT();
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const { page, setPage, query } = usePage();
  const list = useQuery((api) => ok(api.GET('/api/admin/files', { params: { query: { q: search || undefined, ...query } } })), [search, page]);
  const del = useAction((api, name: string) => ok(api.POST('/api/admin/file/del', { body: { name } })), list.reload);
  // Picked stored names; only those of the page shown count (a row deleted meanwhile drops out).
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<{ deleted: number; failed: number; expired: number } | null>(null);
  const batch = useAction(
    async (api, names: string[]) => {
      const { deleted, failed, expired } = await ok(api.POST('/api/admin/files/del-batch', { body: { names } }));
      setOutcome({ deleted, failed, expired });
    },
    () => {
      setSelected(new Set());
      list.reload();
    },
  );
  const deletable = list.data?.files.filter((f) => !f.avatar).map((f) => f.name) ?? [];
  const picked = deletable.filter((n) => selected.has(n));
  const allPicked = deletable.length > 0 && picked.length === deletable.length;
  const toggle = (name: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  const goTo = (p: number) => {
    setSelected(new Set());
    setPage(p);
  };
  return (
    <>
      <form className="inline" onSubmit={submitting(() => {
          setSelected(new Set());
          setPage(1);
          setSearch(q.trim());
        })}>
        <Field label="admin.findFile" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        <button type="submit">{t('nav.search')}</button>
      </form>
      <ErrorText error={list.error ?? del.error ?? batch.error} />
      {list.data ? <p className="muted">{t('admin.filesTotal', { n: list.data.total, size: formatSize(list.data.totalSize) })}</p> : null}
      <p className="inline">
        <button type="button" className="danger" disabled={picked.length === 0 || batch.busy} onClick={() => void batch.run(picked)}>
          {t('admin.deleteSelected', { n: picked.length })}
        </button>
      </p>
      <p role="status">{outcome ? t('admin.batchDeleted', outcome) : null}</p>
      <table className="stacked">
        <caption className="visually-hidden">{t('admin.tab.files')}</caption>
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                aria-label={t('admin.selectPage')}
                disabled={deletable.length === 0}
                checked={allPicked}
                ref={(el) => {
                  if (el) el.indeterminate = picked.length > 0 && !allPicked;
                }}
                onChange={(e) => setSelected(e.target.checked ? new Set(deletable) : new Set())}
              />
            </th>
            <th scope="col">{t('admin.fileName')}</th>
            <th scope="col">{t('admin.fileKind')}</th>
            <th scope="col">{t('admin.fileSize')}</th>
            <th scope="col">{t('admin.fileUsed')}</th>
            <th scope="col">{t('admin.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.files.map((f) => (
            <tr key={f.name}>
              <td>
                {!f.avatar ? (
                  <input
                    type="checkbox"
                    aria-label={t('admin.selectFile', { name: f.origin || f.name })}
                    checked={selected.has(f.name)}
                    onChange={(e) => toggle(f.name, e.target.checked)}
                  />
                ) : null}
              </td>
              <th scope="row">
                <a href={`/uploads/${f.name}`} target="_blank" rel="noopener">
                  {f.origin || f.name}
                </a>
              </th>
              <td data-label={t('admin.fileKind')}>{f.kind}</td>
              <td data-label={t('admin.fileSize')}>{formatSize(f.size)}</td>
              <td data-label={t('admin.fileUsed')}>{f.avatar ? t('admin.avatarFile') : f.used}</td>
              <td>
                {!f.avatar ? (
                  <button type="button" className="danger" onClick={() => void del.run(f.name)}>
                    {t('admin.delete')}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} setPage={goTo} shown={list.data?.files.length ?? 0} total={list.data?.total} />
    </>
  );
}

function Logs() {
  const t = useT();
  const [prefix, setPrefix] = useState('');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const q = useQuery((api) => ok(api.GET('/api/admin/logs', { params: { query: { page, pageSize: PAGE_SIZE, actionPrefix: filter || undefined } } })), [page, filter]);
  return (
    <>
      <form className="inline" onSubmit={submitting(() => {
          setPage(1);
          setFilter(prefix.trim());
        })}>
        <Field label="admin.actionPrefix" value={prefix} onChange={(e) => setPrefix(e.target.value)} />
        <button type="submit">{t('admin.filter')}</button>
      </form>
      <ErrorText error={q.error} />
      <table className="stacked">
        <caption className="visually-hidden">{t('admin.tab.logs')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.when')}</th>
            <th scope="col">{t('admin.actor')}</th>
            <th scope="col">{t('admin.action')}</th>
            <th scope="col">{t('admin.detail')}</th>
            <th scope="col">IP</th>
          </tr>
        </thead>
        <tbody>
          {q.data?.logs.map((l) => (
            <tr key={l.id}>
              <td data-label={t('admin.when')}>
                <Time ts={l.ts} />
              </td>
              <td data-label={t('admin.actor')}>{l.actor}</td>
              <td data-label={t('admin.action')}>{l.action}</td>
              <td data-label={t('admin.detail')}>{detailText(l, t)}</td>
              <td data-label="IP">{l.ip}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} setPage={setPage} shown={q.data?.logs.length ?? 0} />
    </>
  );
}

function OAuth() {
  const t = useT();
  const q = useQuery((api) => ok(api.GET('/api/admin/oauth')));
  const [clientId, setClientId] = useState<string | null>(null);
  const [clientSecret, setClientSecret] = useState('');
  const save = useAction((api) => ok(api.POST('/api/admin/oauth', { body: { clientId: clientId ?? q.data?.clientId ?? '', clientSecret } })), q.reload);
  const d = q.data;
  return (
    <>
      <ErrorText error={q.error} />
      {d ? (
        <form className="card" onSubmit={submitting(() => save.run())}>
          <p>
            {t(d.enabled ? 'admin.oauthOn' : 'admin.oauthOff')} · {t('admin.callbackUrl')} <code>{d.callbackUrl}</code>
          </p>
          <Field label="admin.clientId" value={clientId ?? d.clientId} onChange={(e) => setClientId(e.target.value)} />
          <Field
            label="admin.clientSecret"
            type="password"
            autoComplete="off"
            value={clientSecret}
            placeholder={d.hasSecret ? '••••••••' : ''}
            onChange={(e) => setClientSecret(e.target.value)}
          />
          <ErrorText error={save.error} />
          {save.done ? <p role="status">{t('app.saved')}</p> : null}
          <button type="submit" className="primary">
            {t('app.save')}
          </button>
        </form>
      ) : null}
    </>
  );
}
