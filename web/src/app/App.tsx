/**
 * The app: the catalogue, the session, then either the screens before login
 * or the shell. The shell renders at once from /api/me; the connection comes
 * up behind it (its state shows in the header).
 */
import { AuthScreens } from '../auth/AuthScreens.tsx';
import { I18nProvider } from '../i18n/index.tsx';
import { SessionProvider, useSession } from '../sdk/session.tsx';
import { Shell } from './Shell.tsx';

export function App() {
  return (
    <I18nProvider>
      <SessionProvider>
        <Root />
      </SessionProvider>
    </I18nProvider>
  );
}

function Root() {
  const { state } = useSession();
  if (state === 'loading') return null;
  return state === 'in' ? <Shell /> : <AuthScreens />;
}
