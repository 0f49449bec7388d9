/**
 * The account's penalties in force: a mute disables every composer until it
 * ends or is lifted (`penalty.lifted`); a `penalty` event (a new warning, mute
 * or ban) is shown at once. A ban ends the session from the server's side
 * (`logged.out`), which the session turns into the login screen with its
 * message.
 */
import { createContext, type ReactNode, use, useEffect, useState } from 'react';
import type { PenaltyPayload } from '@chat-server/client';
import { useT } from '../i18n/index.tsx';
import { ok, type Schema, useQuery, useServerEvent } from '../sdk/session.tsx';

interface PenaltyState {
  /** A mute in force: until when (null: permanent). */
  mute: { until: number | null } | null;
  list: readonly Schema<'Penalty'>[];
  reload(): void;
}

const Ctx = createContext<PenaltyState>({ mute: null, list: [], reload: () => {} });

export function PenaltyProvider({ children }: { children: ReactNode }) {
  const t = useT();
  // Reloaded when a penalty is imposed or lifted (revoked, or an appeal approved), and on `notification`.
  const q = useQuery(
    async (api) => (await ok(api.GET('/api/me/penalties'))).penalties,
    [],
    ['penalty', 'penalty.lifted', 'notification'],
  );
  const [latest, setLatest] = useState<PenaltyPayload | null>(null);
  const [now, setNow] = useState(Date.now);
  useServerEvent('penalty', (p) => setLatest(p));
  const list = q.data ?? [];
  const mutes = list.filter((p) => p.active && p.action === 'mute' && (p.expires === null || p.expires > now));
  const mute = mutes.length ? { until: mutes.some((m) => m.expires === null) ? null : Math.max(...mutes.map((m) => m.expires ?? 0)) } : null;
  // Lift the mute on time without a reload.
  useEffect(() => {
    if (!mute?.until) return;
    const id = setTimeout(() => setNow(Date.now()), Math.min(mute.until - Date.now() + 500, 2 ** 31 - 1));
    return () => clearTimeout(id);
  }, [mute?.until]);
  return (
    <Ctx value={{ mute, list, reload: q.reload }}>
      {latest ? (
        <div role="alert" className="banner">
          {t(`penalty.got.${latest.action}`, { reason: latest.reason || '—' })}
          <button type="button" onClick={() => setLatest(null)}>
            {t('app.dismiss')}
          </button>
        </div>
      ) : null}
      {children}
    </Ctx>
  );
}

export const usePenalties = (): PenaltyState => use(Ctx);
