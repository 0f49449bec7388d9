/** Who is typing in a room: `typing` events, each shown for a few seconds (the server forwards one per person every 2 s). */
import type { RoomKey } from '@chat-server/client';
import { useEffect, useState } from 'react';
import { useClient } from '../sdk/session.tsx';

const SHOW_MS = 3_500;

export function useTyping(key: RoomKey): string[] {
  const client = useClient();
  const [typing, setTyping] = useState<Record<string, number>>({});
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const offTyping = client.connection.onServer('typing', (p) => {
      const k: RoomKey = p.gid !== undefined ? `g:${p.gid}` : `d:${p.pm}`;
      if (k !== key) return;
      const until = Date.now() + SHOW_MS;
      setTyping((s) => ({ ...s, [p.from]: until }));
      const timer = setTimeout(() => {
        timers.delete(timer);
        setTyping((s) => Object.fromEntries(Object.entries(s).filter(([, u]) => u > Date.now())));
      }, SHOW_MS + 50);
      timers.add(timer);
    });
    // A message from someone ends their typing notice.
    const offMsg = client.connection.on('message', (m) => {
      setTyping((s) => {
        if (!(m.from in s)) return s;
        const { [m.from]: _gone, ...rest } = s;
        return rest;
      });
    });
    return () => {
      offTyping();
      offMsg();
      for (const t of timers) clearTimeout(t);
    };
  }, [client, key]);
  return Object.keys(typing);
}
