/**
 * Profile and settings: avatar, nickname, signature; presence defaults,
 * language and read receipts; password; two-step login with a QR code;
 * penalties and appeals; API keys with scopes. Loaded on demand.
 */
import type { ResponseOf } from '@chat-server/client';
import { useState } from 'react';
import { notificationsSupported, setNotifications, setOnlyMentions, useNotificationsOn, useOnlyMentions } from '../app/attention.ts';
import { usePenalties } from '../app/penalties.tsx';
import { type Locale, langOfLocale, localeOfLang, useI18n, useT } from '../i18n/index.tsx';
import { ok, useAction, useClient, useQuery, useSession } from '../sdk/session.tsx';
import { Avatar, ErrorText, Field, Select, Time, submitting } from '../ui/kit.tsx';
import { momentText } from '../chat/days.ts';
import { ApiKeys } from './ApiKeys.tsx';
import { TwoFactor } from './TwoFactor.tsx';

export default function SettingsScreen() {
  const t = useT();
  return (
    <main className="screen">
      <h1>{t('settings.title')}</h1>
      <Profile />
      <Preferences />
      <DesktopNotifications />
      <Password />
      <TwoFactor />
      <Penalties />
      <ApiKeys />
    </main>
  );
}

function Profile() {
  const t = useT();
  const client = useClient();
  const { me, reloadMe } = useSession();
  const [nickname, setNickname] = useState(me?.profile.nickname ?? '');
  const [signature, setSignature] = useState(me?.profile.signature ?? '');
  const [progress, setProgress] = useState<number | null>(null);
  const save = useAction((api) => ok(api.POST('/api/profile', { body: { nickname, signature } })), () => void reloadMe());
  const avatar = useAction(
    async (api, file: File) => {
      setProgress(0);
      const up = await client.upload(file, { onProgress: (sent, total) => setProgress(total ? sent / total : 1) });
      await ok(api.POST('/api/profile', { body: { avatar: up.url } }));
      setProgress(null);
    },
    () => void reloadMe(),
  );
  return (
    <section aria-labelledby="profile" className="card">
      <h2 id="profile">{t('settings.profile')}</h2>
      <div className="row">
        <Avatar src={me?.profile.avatar} name={me?.username ?? ''} size={64} />
        <div className="field">
          <label htmlFor="avatar-file">{t('settings.avatar')}</label>
          <input id="avatar-file" type="file" accept="image/*" onChange={(e) => e.target.files?.[0] && void avatar.run(e.target.files[0])} />
          {progress !== null ? <progress max={1} value={progress} aria-label={t('settings.avatar')} /> : null}
        </div>
      </div>
      <form onSubmit={submitting(() => save.run())}>
        <Field label="settings.nickname" value={nickname} maxLength={32} onChange={(e) => setNickname(e.target.value)} />
        <Field label="settings.signature" value={signature} maxLength={200} onChange={(e) => setSignature(e.target.value)} />
        <ErrorText error={save.error ?? avatar.error} />
        {save.done ? <p role="status">{t('app.saved')}</p> : null}
        <button type="submit" className="primary">
          {t('app.save')}
        </button>
      </form>
    </section>
  );
}

/** The preferences this screen sets (GET /api/settings answers them all, POST takes any of them). */
type Settings = Pick<ResponseOf<'/api/settings', 'get'>, 'invisible' | 'away' | 'lang' | 'readReceipts'>;

function Preferences() {
  const t = useT();
  const client = useClient();
  const { locale, setLocale } = useI18n();
  const q = useQuery((api) => ok(api.GET('/api/settings')));
  const save = useAction(async (api, next: Settings) => {
    await ok(api.POST('/api/settings', { body: next }));
    await client.setPresence({ invisible: next.invisible, away: next.away }).catch(() => {});
  }, q.reload);
  const s = q.data;
  if (!s) return <ErrorText error={q.error} />;
  const change = (patch: Partial<Settings>) => void save.run({ invisible: s.invisible, away: s.away, lang: s.lang, readReceipts: s.readReceipts, ...patch });
  return (
    <section aria-labelledby="prefs" className="card">
      <h2 id="prefs">{t('settings.preferences')}</h2>
      <div className="checks">
        <label>
          <input type="checkbox" checked={s.invisible} onChange={(e) => change({ invisible: e.target.checked })} /> {t('settings.invisible')}
        </label>
        <label>
          <input type="checkbox" checked={s.away} onChange={(e) => change({ away: e.target.checked })} /> {t('settings.away')}
        </label>
        <label>
          <input type="checkbox" checked={s.readReceipts} onChange={(e) => change({ readReceipts: e.target.checked })} /> {t('settings.readReceipts')}
        </label>
      </div>
      <Select
        label="settings.language"
        value={locale}
        options={[
          ['en', 'settings.lang.en'],
          ['zh-CN', 'settings.lang.zh'],
        ]}
        onChange={(e) => {
          const l = e.target.value as Locale;
          setLocale(l);
          if (localeOfLang(s.lang) !== l) change({ lang: langOfLocale(l) });
        }}
      />
      <ErrorText error={save.error} />
    </section>
  );
}

/** Desktop notifications are this browser's choice (another browser of the account may not want them). */
function DesktopNotifications() {
  const t = useT();
  const on = useNotificationsOn();
  const onlyMentions = useOnlyMentions();
  const [denied, setDenied] = useState(false);
  const supported = notificationsSupported();
  return (
    <section aria-labelledby="notify" className="card">
      <h2 id="notify">{t('settings.notifications')}</h2>
      <div className="checks">
        <label>
          <input
            type="checkbox"
            checked={on}
            disabled={!supported}
            onChange={(e) => void setNotifications(e.target.checked).then((r) => setDenied(r === 'denied'))}
          />{' '}
          {t('settings.desktopNotifications')}
        </label>
        <label>
          <input type="checkbox" checked={onlyMentions} disabled={!on} onChange={(e) => setOnlyMentions(e.target.checked)} /> {t('settings.onlyMentions')}
        </label>
      </div>
      <p className="muted">{t(supported ? (denied ? 'settings.notificationsDenied' : 'settings.notificationsHint') : 'settings.notificationsUnsupported')}</p>
    </section>
  );
}

function Password() {
  const t = useT();
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const change = useAction((api) => ok(api.POST('/api/pass', { body: { oldPassword, newPassword } })), () => {
    setOld('');
    setNew('');
  });
  return (
    <section aria-labelledby="password" className="card">
      <h2 id="password">{t('settings.password')}</h2>
      <form onSubmit={submitting(() => change.run())}>
        <Field label="settings.oldPassword" type="password" autoComplete="current-password" required value={oldPassword} onChange={(e) => setOld(e.target.value)} />
        <Field label="settings.newPassword" type="password" autoComplete="new-password" required value={newPassword} onChange={(e) => setNew(e.target.value)} />
        <ErrorText error={change.error} />
        {change.done ? <p role="status">{t('settings.passwordChanged')}</p> : null}
        <button type="submit" className="primary">
          {t('settings.changePassword')}
        </button>
      </form>
    </section>
  );
}

function Penalties() {
  const t = useT();
  const { locale } = useI18n();
  const { list } = usePenalties();
  const appeals = useQuery((api) => ok(api.GET('/api/me/appeals')), [], ['notification']);
  const [appealing, setAppealing] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const appeal = useAction((api, penaltyId: number) => ok(api.POST('/api/appeal', { body: { penaltyId, reason } })), () => {
    setAppealing(null);
    setReason('');
    appeals.reload();
  });
  return (
    <section aria-labelledby="penalties" className="card">
      <h2 id="penalties">{t('settings.penalties')}</h2>
      {list.length === 0 ? <p className="muted">{t('settings.noPenalties')}</p> : null}
      <ul className="rows">
        {list.map((p) => (
          <li key={p.id} className="row wrap">
            <span className="grow">
              <strong>{t(`penalty.action.${p.action}`)}</strong> <Time ts={p.created} /> {p.reason ? `· ${p.reason}` : ''}{' '}
              <span className="muted">{p.active ? (p.expires ? t('penalty.until', { when: momentText(p.expires, Date.now(), locale) }) : t('penalty.permanent')) : t('penalty.over')}</span>
            </span>
            {p.active && p.action !== 'warning' ? (
              <button type="button" onClick={() => setAppealing(p.id)}>
                {t('settings.appeal')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {appealing !== null ? (
        <form onSubmit={submitting(() => appeal.run(appealing))}>
          <Field label="settings.appealReason" required maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
          <button type="submit" className="primary">
            {t('settings.sendAppeal')}
          </button>
        </form>
      ) : null}
      <ErrorText error={appeal.error} />
      {appeals.data && appeals.data.appeals.length > 0 ? (
        <>
          <h3>{t('settings.appeals')}</h3>
          <ul className="rows">
            {appeals.data.appeals.map((a) => (
              <li key={a.id} className="row">
                <span className="grow">
                  {t(`penalty.action.${a.action}`)} · {a.reason}
                </span>
                <span className="tag">{t(`appeal.status.${a.status}`)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
