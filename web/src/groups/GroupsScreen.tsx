/**
 * Groups: the caller's groups, a new group, open groups to join (or to ask to
 * join when reviewed), invitations; `/groups/<gid>` is one group's page.
 */
import { useState } from 'react';
import { chatPath, navigate } from '../app/router.ts';
import { useT } from '../i18n/index.tsx';
import { GROW_BY, loadFirst, mayHaveMore } from '../sdk/growing.ts';
import { ok, type Schema, useAction, useQuery } from '../sdk/session.tsx';
import { Avatar, Dialog, ErrorText, Field, Link, Select } from '../ui/kit.tsx';
import { GroupPage } from './GroupPage.tsx';

type JoinMode = Schema<'Group'>['joinMode'];

const GROUP_EVENTS = ['groups.changed', 'group.members', 'group.invites', 'group.requests'] as const;

export function GroupsScreen({ path }: { path: string }) {
  const m = /^\/groups\/([^/]+)$/.exec(path);
  if (m) return <GroupPage gid={decodeURIComponent(m[1]!)} />;
  return <GroupList />;
}

function GroupList() {
  const t = useT();
  const mine = useQuery((api) => ok(api.GET('/api/groups')), [], GROUP_EVENTS);
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [openCount, setOpenCount] = useState(GROW_BY);
  const open = useQuery(
    (api) =>
      loadFirst(openCount, async (offset, limit) => (await ok(api.GET('/api/groups/all', { params: { query: { q: search || undefined, offset, limit } } }))).groups, (g) => g.gid),
    [search, openCount],
    GROUP_EVENTS,
  );
  const invites = useQuery((api) => ok(api.GET('/api/groups/invites')), [], GROUP_EVENTS);
  const [creating, setCreating] = useState(false);
  const join = useAction(
    (api, g: Schema<'GroupListing'>) => ok(api.POST(g.joinMode === 'open' ? '/api/groups/join' : '/api/groups/request', { body: { gid: g.gid } })),
    () => {
      mine.reload();
      open.reload();
    },
  );
  const invite = useAction((api, id: number, op: 'accept' | 'reject' | 'approve') => ok(api.POST(`/api/groups/invite/${op}`, { body: { id } })), () => {
    invites.reload();
    mine.reload();
  });
  return (
    <main className="screen">
      <div className="screen-head">
        <h1>{t('groups.title')}</h1>
        <button type="button" className="primary" onClick={() => setCreating(true)}>
          {t('groups.new')}
        </button>
      </div>
      <ErrorText error={mine.error ?? join.error ?? invite.error} />
      {invites.data?.invites.some((i) => i.status === 'pending') ? (
        <section aria-labelledby="invites">
          <h2 id="invites">{t('groups.invites')}</h2>
          <ul className="rows">
            {invites.data.invites
              .filter((i) => i.status === 'pending')
              .map((i) => (
                <li key={i.id} className="row wrap">
                  <span className="grow">{t('groups.inviteLine', { inviter: i.inviter, invitee: i.invitee, group: i.groupName })}</span>
                  {i.awaiting === 'manager' ? (
                    <button type="button" onClick={() => void invite.run(i.id, 'approve')}>
                      {t('groups.approve')}
                    </button>
                  ) : (
                    <button type="button" className="primary" onClick={() => void invite.run(i.id, 'accept')}>
                      {t('friends.accept')}
                    </button>
                  )}
                  <button type="button" onClick={() => void invite.run(i.id, 'reject')}>
                    {t('friends.decline')}
                  </button>
                </li>
              ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="my-groups">
        <h2 id="my-groups">{t('groups.mine')}</h2>
        {mine.data && mine.data.groups.length === 0 ? <p className="muted">{t('groups.none')}</p> : null}
        <ul className="rows">
          {mine.data?.groups.map((g) => (
            <li key={g.gid} className="row">
              <Avatar src={g.avatar} name={g.name} />
              <span className="grow">
                <Link to={`/groups/${encodeURIComponent(g.gid)}`}>{g.remark || g.name}</Link>{' '}
                <span className="muted">{t('groups.memberCount', { n: g.memberCount })}</span>
              </span>
              <Link to={chatPath({ gid: g.gid })} className="button">
                {t('groups.open')}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="discover">
        <h2 id="discover">{t('groups.discover')}</h2>
        <form
          className="inline"
          onSubmit={(e) => {
            e.preventDefault();
            setOpenCount(GROW_BY);
            setSearch(q.trim());
          }}
        >
          <Field label="groups.searchLabel" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
          <button type="submit">{t('nav.search')}</button>
        </form>
        <ul className="rows">
          {open.data?.map((g) => (
            <li key={g.gid} className="row">
              <Avatar src={g.avatar} name={g.name} />
              <span className="grow">
                <strong>{g.name}</strong> <span className="muted">{g.desc}</span>
              </span>
              <button type="button" onClick={() => void join.run(g)}>
                {t(g.joinMode === 'open' ? 'groups.join' : 'groups.requestJoin')}
              </button>
            </li>
          ))}
        </ul>
        {mayHaveMore(open.data, openCount) ? (
          <button type="button" onClick={() => setOpenCount((n) => n + GROW_BY)}>
            {t('groups.moreGroups')}
          </button>
        ) : null}
        {join.done ? <p role="status">{t('groups.joinDone')}</p> : null}
      </section>
      <NewGroup open={creating} onClose={() => setCreating(false)} />
    </main>
  );
}

function NewGroup({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const [name, setName] = useState('');
  const [desc, setDesc] = useState('');
  const [joinMode, setJoinMode] = useState<JoinMode>('open');
  const [error, setError] = useState<string | null>(null);
  const create = useAction(async (api) => {
    const res = await ok(api.POST('/api/groups', { body: { name: name.trim(), desc, joinMode } }));
    onClose();
    setName('');
    setDesc('');
    navigate(chatPath({ gid: res.gid }));
  });
  return (
    <Dialog title={t('groups.new')} open={open} onClose={onClose}>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          if (!(await create.run())) setError(null);
        }}
      >
        <Field label="groups.name" required value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
        <Field label="groups.desc" value={desc} maxLength={500} onChange={(e) => setDesc(e.target.value)} />
        <Select
          label="groups.joinMode"
          value={joinMode}
          onChange={(e) => setJoinMode(e.target.value as JoinMode)}
          options={[
            ['open', 'groups.modeOpen'],
            ['review', 'groups.modeReview'],
          ]}
        />
        <ErrorText error={create.error ?? error} />
        <button type="submit" className="primary" disabled={create.busy}>
          {t('groups.create')}
        </button>
      </form>
    </Dialog>
  );
}
