/**
 * One group: what members see (announcement, members with roles, the
 * caller's nickname and private remark, invite, leave) and what managers do
 * (rename, announce, avatar, mute-all, invitation approval, join mode, member
 * roles, mutes, removal, join requests, transfer, dissolve, the group log).
 */
import { useState } from 'react';
import { chatPath, navigate } from '../app/router.ts';
import { useT } from '../i18n/index.tsx';
import { GROW_BY, loadFirst, mayHaveMore } from '../sdk/growing.ts';
import { ApiError } from '@chat-server/client';
import { ok, type Schema, useAction, useCall, useQuery, useSession } from '../sdk/session.tsx';
import { Avatar, ErrorText, Field, Link, Time, submitting } from '../ui/kit.tsx';

type Member = Schema<'Member'>;

const EVENTS = ['groups.changed', 'group.members', 'group.requests', 'group.invites'] as const;

export function GroupPage({ gid }: { gid: string }) {
  const t = useT();
  const { me } = useSession();
  const mine = useQuery((api) => ok(api.GET('/api/groups')), [], EVENTS);
  const members = useQuery((api) => ok(api.GET('/api/groups/members', { params: { query: { gid } } })), [gid], EVENTS);
  const group = mine.data?.groups.find((g) => g.gid === gid);
  const isOwner = group?.role === 'owner' || me?.role === 'admin';
  const isManager = isOwner || group?.role === 'admin';
  const leave = useAction(
    (api) => ok(api.POST('/api/groups/leave', { body: { gid } })),
    () => navigate('/groups'),
  );
  if (mine.loading && !mine.data) return <main className="screen" aria-busy="true" />;
  if (!group) return <NotMember gid={gid} onJoined={mine.reload} />;
  return (
    <main className="screen">
      <div className="screen-head">
        <Avatar src={group.avatar} name={group.name} size={48} />
        <h1>{group.name}</h1>
        <Link to={chatPath({ gid })} className="button primary">
          {t('groups.open')}
        </Link>
      </div>
      {group.announce ? (
        <section aria-labelledby="announce" className="card">
          <h2 id="announce">{t('groups.announcement')}</h2>
          <p className="text">{group.announce}</p>
        </section>
      ) : null}
      <MySettings gid={gid} group={group} />
      <section aria-labelledby="members">
        <h2 id="members">{t('groups.members', { n: members.data?.members.length ?? 0 })}</h2>
        <ErrorText error={members.error} />
        <ul className="rows">
          {members.data?.members.map((m) => (
            <MemberRow key={m.name} gid={gid} m={m} canManage={isManager} isOwner={isOwner} me={me?.username ?? ''} onChange={members.reload} />
          ))}
        </ul>
      </section>
      <Invite gid={gid} />
      {isManager ? <ManagerPanel gid={gid} isOwner={isOwner} /> : null}
      {group.role !== 'owner' ? (
        <p>
          <button type="button" className="danger" onClick={() => confirm(t('groups.leaveConfirm')) && void leave.run()}>
            {t('groups.leave')}
          </button>
          <ErrorText error={leave.error} />
        </p>
      ) : null}
    </main>
  );
}

/**
 * A group the caller is not in, reached by a shared link (review groups are
 * not listed, docs/decisions.md): join it when it is open, else ask to.
 */
function NotMember({ gid, onJoined }: { gid: string; onJoined(): void }) {
  const t = useT();
  const [requested, setRequested] = useState(false);
  const join = useAction(async (api) => {
    try {
      await ok(api.POST('/api/groups/join', { body: { gid } }));
      onJoined();
    } catch (err) {
      if (!(err instanceof ApiError && err.key === 'api.group.needsReview')) throw err;
      await ok(api.POST('/api/groups/request', { body: { gid } }));
      setRequested(true);
    }
  });
  return (
    <main className="screen">
      <h1>{t('groups.title')}</h1>
      <p>{t('groups.notMember')}</p>
      {requested ? (
        <p role="status">{t('groups.requestSent')}</p>
      ) : (
        <p>
          <button type="button" className="primary" disabled={join.busy} onClick={() => void join.run()}>
            {t('groups.requestJoin')}
          </button>
        </p>
      )}
      <ErrorText error={join.error} />
      <Link to="/groups">{t('groups.back')}</Link>
    </main>
  );
}

function MySettings({ gid, group }: { gid: string; group: Schema<'MyGroup'> }) {
  const t = useT();
  const [remark, setRemark] = useState(group.remark ?? '');
  const [nickname, setNickname] = useState('');
  const saveRemark = useAction((api) => ok(api.POST('/api/groups/remark', { body: { gid, remark } })));
  const saveNick = useAction((api) => ok(api.POST('/api/groups/member/nickname', { body: { gid, nickname } })));
  return (
    <section aria-labelledby="mine" className="card">
      <h2 id="mine">{t('groups.yourSettings')}</h2>
      <form className="inline" onSubmit={submitting(() => saveRemark.run())}>
        <Field label="groups.remark" value={remark} maxLength={32} onChange={(e) => setRemark(e.target.value)} />
        <button type="submit">{t('app.save')}</button>
      </form>
      <form className="inline" onSubmit={submitting(() => saveNick.run())}>
        <Field label="groups.nickname" value={nickname} maxLength={32} onChange={(e) => setNickname(e.target.value)} />
        <button type="submit">{t('app.save')}</button>
      </form>
      <ErrorText error={saveRemark.error ?? saveNick.error} />
      {saveRemark.done || saveNick.done ? <p role="status">{t('app.saved')}</p> : null}
    </section>
  );
}

function MemberRow({ gid, m, canManage, isOwner, me, onChange }: { gid: string; m: Member; canManage: boolean; isOwner: boolean; me: string; onChange(): void }) {
  const t = useT();
  const op = useCall(onChange);
  const self = m.name === me;
  return (
    <li className="row wrap">
      <span className="avatar-wrap">
        <Avatar src={m.image} name={m.name} />
        <span className={`dot ${m.online ? 'on' : 'off'}`} role="img" aria-label={t(m.online ? 'presence.online' : 'presence.offline')} />
      </span>
      <span className="grow">
        <strong>{m.nickname || m.name}</strong> <span className="muted">@{m.name}</span> <span className="tag">{t(`groups.role.${m.role}`)}</span>
        {m.muted ? <span className="tag warn">{t('groups.muted')}</span> : null}
      </span>
      {canManage && !self && m.role !== 'owner' ? (
        <span className="row-actions">
          <button type="button" onClick={() => void op.run((api) => api.POST('/api/groups/member/mute', { body: { gid, name: m.name, muted: !m.muted } }))}>
            {t(m.muted ? 'groups.unmute' : 'groups.mute')}
          </button>
          {isOwner ? (
            <>
              <button type="button" onClick={() => void op.run((api) => api.POST('/api/groups/member/role', { body: { gid, name: m.name, role: m.role === 'admin' ? 'member' : 'admin' } }))}>
                {t(m.role === 'admin' ? 'groups.makeMember' : 'groups.makeAdmin')}
              </button>
              <button type="button" onClick={() => confirm(t('groups.transferConfirm', { name: m.name })) && void op.run((api) => api.POST('/api/groups/transfer', { body: { gid, name: m.name } }))}>
                {t('groups.transfer')}
              </button>
              <button type="button" className="danger" onClick={() => void op.run((api) => api.POST('/api/groups/members/remove', { body: { gid, name: m.name } }))}>
                {t('groups.remove')}
              </button>
            </>
          ) : null}
        </span>
      ) : null}
      <ErrorText error={op.error} />
    </li>
  );
}

function Invite({ gid }: { gid: string }) {
  const t = useT();
  const [name, setName] = useState('');
  const [joined, setJoined] = useState(false);
  const invite = useAction(async (api) => {
    const res = await ok(api.POST('/api/groups/invite', { body: { gid, invitee: name.trim() } }));
    setJoined(Boolean(res.autoJoined));
  });
  return (
    <section aria-labelledby="invite">
      <h2 id="invite">{t('groups.invite')}</h2>
      <form className="inline" onSubmit={submitting(() => invite.run())}>
        <Field label="auth.username" required value={name} onChange={(e) => setName(e.target.value)} />
        <button type="submit">{t('groups.inviteSend')}</button>
      </form>
      <ErrorText error={invite.error} />
      {invite.done ? <p role="status">{t(joined ? 'groups.inviteJoined' : 'groups.inviteSent')}</p> : null}
      <p>
        {t('groups.shareLink')} <code className="share">{`${location.origin}/groups/${encodeURIComponent(gid)}`}</code>
      </p>
    </section>
  );
}

function ManagerPanel({ gid, isOwner }: { gid: string; isOwner: boolean }) {
  const t = useT();
  const q = useQuery((api) => ok(api.GET('/api/groups/manage', { params: { query: { gid } } })), [gid], EVENTS);
  const [logCount, setLogCount] = useState(GROW_BY);
  const logs = useQuery(
    (api) =>
      loadFirst(
        logCount,
        async (offset, limit) => (await ok(api.GET('/api/groups/logs', { params: { query: { gid, offset, limit } } }))).logs,
        (l) => `${l.ts}-${l.action}-${l.target}`,
      ),
    [gid, logCount],
    EVENTS,
  );
  const g = q.data?.group;
  const [name, setName] = useState<string | null>(null);
  const [announce, setAnnounce] = useState<string | null>(null);
  const [avatar, setAvatar] = useState<string | null>(null);
  const op = useCall(q.reload);
  const dissolve = useAction(
    (api) => ok(api.DELETE('/api/groups', { body: { gid } })),
    () => navigate('/groups'),
  );
  if (!g) return <ErrorText error={q.error} />;
  return (
    <section aria-labelledby="manage" className="card">
      <h2 id="manage">{t('groups.manage')}</h2>
      <ErrorText error={op.error ?? dissolve.error} />
      {isOwner ? (
        <>
          <form className="inline" onSubmit={submitting(() => op.run((api) => api.POST('/api/groups/rename', { body: { gid, name: name ?? g.name } })))}>
            <Field label="groups.name" value={name ?? g.name} maxLength={64} onChange={(e) => setName(e.target.value)} />
            <button type="submit">{t('groups.rename')}</button>
          </form>
          <form className="inline" onSubmit={submitting(() => op.run((api) => api.POST('/api/groups/announce', { body: { gid, announce: announce ?? g.announce } })))}>
            <Field label="groups.announcement" value={announce ?? g.announce} maxLength={500} onChange={(e) => setAnnounce(e.target.value)} />
            <button type="submit">{t('groups.announce')}</button>
          </form>
        </>
      ) : null}
      <form className="inline" onSubmit={submitting(() => op.run((api) => api.POST('/api/groups/avatar', { body: { gid, avatar: avatar ?? g.avatar } })))}>
        <Field label="groups.avatarUrl" type="url" value={avatar ?? g.avatar} onChange={(e) => setAvatar(e.target.value)} />
        <button type="submit">{t('app.save')}</button>
      </form>
      <div className="checks">
        <label>
          <input type="checkbox" checked={g.muteAll} onChange={(e) => void op.run((api) => api.POST('/api/groups/muteall', { body: { gid, val: e.target.checked } }))} /> {t('groups.muteAll')}
        </label>
        {isOwner ? (
          <>
            <label>
              <input
                type="checkbox"
                checked={g.memberInviteApprove}
                onChange={(e) => void op.run((api) => api.POST('/api/groups/invite/setting', { body: { gid, memberInviteApprove: e.target.checked } }))}
              />{' '}
              {t('groups.inviteApproval')}
            </label>
            <label>
              <input
                type="checkbox"
                checked={g.joinMode === 'review'}
                onChange={(e) => void op.run((api) => api.POST('/api/groups/invite/setting', { body: { gid, joinMode: e.target.checked ? 'review' : 'open' } }))}
              />{' '}
              {t('groups.reviewJoins')}
            </label>
          </>
        ) : null}
      </div>
      {q.data && q.data.requests.length > 0 ? (
        <>
          <h3>{t('groups.requests')}</h3>
          <ul className="rows">
            {q.data.requests.map((r) => (
              <li key={r.name} className="row">
                <span className="grow">
                  {r.name} <Time ts={r.created} />
                </span>
                <button type="button" className="primary" onClick={() => void op.run((api) => api.POST('/api/groups/request/approve', { body: { gid, name: r.name } }))}>
                  {t('groups.approve')}
                </button>
                <button type="button" onClick={() => void op.run((api) => api.POST('/api/groups/request/reject', { body: { gid, name: r.name } }))}>
                  {t('groups.reject')}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {q.data?.invites.some((i) => i.awaiting === 'manager') ? (
        <>
          <h3>{t('groups.invitesToApprove')}</h3>
          <ul className="rows">
            {q.data.invites
              .filter((i) => i.awaiting === 'manager')
              .map((i) => (
                <li key={i.id} className="row">
                  <span className="grow">{t('groups.inviteLine', { inviter: i.inviter, invitee: i.invitee, group: g.name })}</span>
                  <button type="button" onClick={() => void op.run((api) => api.POST('/api/groups/invite/approve', { body: { id: i.id } }))}>
                    {t('groups.approve')}
                  </button>
                  <button type="button" onClick={() => void op.run((api) => api.POST('/api/groups/invite/reject', { body: { id: i.id } }))}>
                    {t('groups.reject')}
                  </button>
                </li>
              ))}
          </ul>
        </>
      ) : null}
      <h3 id="group-log">{t('groups.log')}</h3>
      <ul className="log-list" aria-labelledby="group-log">
        {logs.data?.map((l) => (
          <li key={`${l.ts}-${l.action}-${l.target}`}>
            <Time ts={l.ts} /> {l.actor}: {detailText(l, t)}
          </li>
        ))}
      </ul>
      {mayHaveMore(logs.data, logCount) ? (
        <button type="button" onClick={() => setLogCount((n) => n + GROW_BY)}>
          {t('groups.olderLog')}
        </button>
      ) : null}
      {isOwner ? (
        <p>
          <button type="button" className="danger" onClick={() => confirm(t('groups.dissolveConfirm')) && void dissolve.run()}>
            {t('groups.dissolve')}
          </button>
        </p>
      ) : null}
    </section>
  );
}

/** A log entry's `detail` (`{k, v}` as JSON) in words, else its action. */
export function detailText(l: { action: string; target?: string; detail: string }, t: (k: string, v?: Record<string, string | number>) => string): string {
  try {
    const d = JSON.parse(l.detail) as { k?: string; v?: Record<string, string | number> };
    if (d.k) return t(d.k, d.v ?? {});
  } catch {
    // Not JSON: shown as recorded.
  }
  return `${l.action} ${l.target ?? ''}`.trim();
}
