/** Live presence of friends and co-members: the list's `online`, then every `presence` event. */
import { useEffect, useState } from 'react';
import { useClient } from '../sdk/session.tsx';

const known = new Map<string, boolean>();
const listeners = new Set<() => void>();

/** Whether `name` is online now: the latest `presence` event about them, else `fallback` (the list's). */
export function useOnline(name: string | undefined, fallback: boolean): boolean {
  const client = useClient();
  const [, setTick] = useState(0);
  useEffect(() => {
    const rerender = () => setTick((n) => n + 1);
    listeners.add(rerender);
    const off = client.connection.onServer('presence', (p) => {
      if (known.get(p.name) === p.online) return;
      known.set(p.name, p.online);
      for (const l of [...listeners]) l();
    });
    return () => {
      listeners.delete(rerender);
      off();
    };
  }, [client]);
  return name !== undefined && known.has(name) ? known.get(name)! : fallback;
}
