import { useEffect, useState } from 'react';

/**
 * A time of today, renewed at each local midnight: what says "Today", "Yesterday" or an hour
 * (the conversation list's times, the log's day lines) changes then, without a reload.
 */
export function useToday(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const midnight = new Date(now);
    midnight.setHours(24, 0, 0, 0);
    const timer = setTimeout(() => setNow(Date.now()), midnight.getTime() - Date.now() + 1_000);
    return () => clearTimeout(timer);
  }, [now]);
  return now;
}
