/**
 * Before a session: first-run setup (no administrator yet), login, two-step
 * login with a code, registration.
 */
import { type FormEvent, useState } from 'react';
import { useT } from '../i18n/index.tsx';
import { authCalls, errorKey, ok, useApi, useQuery, useSession } from '../sdk/session.tsx';
import { ErrorText, Field } from '../ui/kit.tsx';

type View = { kind: 'login' } | { kind: 'register' } | { kind: 'twofa'; challenge: string };

/** What a logged-out visitor sees: setup while no administrator exists, else login. */
export function AuthScreens() {
  const setup = useQuery(async (api) => (await ok(api.GET('/api/setup'))).needed);
  const [view, setView] = useState<View>({ kind: 'login' });
  // Only the first answer is waited for: a reload (a new client after a logout) keeps the form and what is typed in it.
  if (setup.loading && setup.data === undefined) return null;
  if (setup.data) return <Setup onDone={() => setup.reload()} />;
  return (
    <main className="auth">
      {view.kind === 'login' ? (
        <Login onTwofa={(challenge) => setView({ kind: 'twofa', challenge })} onRegister={() => setView({ kind: 'register' })} />
      ) : view.kind === 'register' ? (
        <Register onBack={() => setView({ kind: 'login' })} />
      ) : (
        <TwoFactor challenge={view.challenge} onBack={() => setView({ kind: 'login' })} />
      )}
    </main>
  );
}

function useSubmit(fn: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(errorKey(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, submit };
}

function Setup({ onDone }: { onDone(): void }) {
  const t = useT();
  const api = useApi();
  const session = useSession();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [token, setToken] = useState('');
  const { busy, error, submit } = useSubmit(async () => {
    await ok(api.POST('/api/setup', { body: { name, password, ...(token ? { token } : {}) } }));
    const outcome = await authCalls.login(name, password);
    if (outcome.kind === 'session') await session.signedIn();
    else onDone();
  });
  return (
    <main className="auth">
      <form className="card" onSubmit={submit}>
        <h1>{t('setup.title')}</h1>
        <p>{t('setup.intro')}</p>
        <Field label="auth.username" autoComplete="username" required value={name} onChange={(e) => setName(e.target.value)} />
        <Field label="auth.password" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <Field label="setup.token" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} hint={t('setup.tokenHint')} />
        <ErrorText error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {t('setup.submit')}
        </button>
      </form>
    </main>
  );
}

function Login({ onTwofa, onRegister }: { onTwofa(challenge: string): void; onRegister(): void }) {
  const t = useT();
  const session = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, submit } = useSubmit(async () => {
    const outcome = await authCalls.login(username, password);
    if (outcome.kind === 'twofa') onTwofa(outcome.challenge);
    else await session.signedIn();
  });
  return (
    <form className="card" onSubmit={submit}>
      <h1>{t('auth.loginTitle')}</h1>
      {session.ended ? (
        <p role="alert" className="notice">
          {t(`auth.ended.${session.ended}`)}
        </p>
      ) : null}
      <Field label="auth.username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
      <Field label="auth.password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      <ErrorText error={error} />
      <button type="submit" className="primary" disabled={busy}>
        {t('auth.login')}
      </button>
      <button type="button" className="link" onClick={onRegister}>
        {t('auth.createAccount')}
      </button>
    </form>
  );
}

function TwoFactor({ challenge, onBack }: { challenge: string; onBack(): void }) {
  const t = useT();
  const session = useSession();
  const [code, setCode] = useState('');
  const { busy, error, submit } = useSubmit(async () => {
    const outcome = await authCalls.verify(challenge, code.trim());
    if (outcome.kind === 'session') await session.signedIn();
  });
  return (
    <form className="card" onSubmit={submit}>
      <h1>{t('auth.twofaTitle')}</h1>
      <p>{t('auth.twofaIntro')}</p>
      <Field label="auth.code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required value={code} onChange={(e) => setCode(e.target.value)} />
      <ErrorText error={error} />
      <button type="submit" className="primary" disabled={busy}>
        {t('auth.verify')}
      </button>
      <button type="button" className="link" onClick={onBack}>
        {t('auth.back')}
      </button>
    </form>
  );
}

function Register({ onBack }: { onBack(): void }) {
  const t = useT();
  const api = useApi();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const { busy, error, submit } = useSubmit(async () => {
    const res = await ok(api.POST('/api/register', { body: { name, password, email } }));
    setMessage((res as { message?: string }).message ?? 'api.register.submitted');
  });
  return (
    <form className="card" onSubmit={submit}>
      <h1>{t('auth.registerTitle')}</h1>
      {message ? (
        <div role="status" className="notice">
          <p>{t(message)}</p>
          <p>{t('auth.registerApproval')}</p>
        </div>
      ) : (
        <>
          <Field label="auth.username" autoComplete="username" required value={name} onChange={(e) => setName(e.target.value)} />
          <Field label="auth.password" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <Field label="auth.email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <ErrorText error={error} />
          <button type="submit" className="primary" disabled={busy}>
            {t('auth.register')}
          </button>
        </>
      )}
      <button type="button" className="link" onClick={onBack}>
        {t('auth.backToLogin')}
      </button>
    </form>
  );
}
