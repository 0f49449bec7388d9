/**
 * How a conversation's log is divided: a line where a new day starts, and runs of one author's
 * messages (each a few minutes after the one before) shown under one name and time.
 */
import type { MessagePayload } from '@chat-server/client';

/** The catalogue's words for the two days named rather than dated (the app's `t`). */
type DayWords = (key: 'chat.today' | 'chat.yesterday') => string;

const DAY_MS = 86_400_000;
/** A message this soon after its author's previous one continues their run. */
const RUN_GAP_MS = 5 * 60_000;

/** The calendar day of a time, in the reader's time zone. */
const dayOf = (ts: number): string => new Date(ts).toDateString();

/** Whether message `i` is the first of its day in the list (the first of the list always is). */
export const opensDay = (messages: readonly MessagePayload[], i: number): boolean => i === 0 || dayOf(messages[i - 1]!.ts) !== dayOf(messages[i]!.ts);

/** Whether message `i` continues the run of the one before: same author, same day, within a few minutes. */
export function continuesRun(messages: readonly MessagePayload[], i: number): boolean {
  const prev = messages[i - 1];
  const m = messages[i]!;
  return prev !== undefined && prev.from === m.from && m.ts - prev.ts < RUN_GAP_MS && !opensDay(messages, i);
}

/** "Today", "Yesterday", else the weekday and date (with the year when not this one). */
export function dayLabel(ts: number, now: number, locale: string, t: DayWords): string {
  if (dayOf(ts) === dayOf(now)) return t('chat.today');
  if (dayOf(ts) === dayOf(now - DAY_MS)) return t('chat.yesterday');
  const d = new Date(ts);
  const sameYear = d.getFullYear() === new Date(now).getFullYear();
  return d.toLocaleDateString(locale, { weekday: 'long', month: 'long', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) });
}

/**
 * When a conversation's last message came, as its entry in the list says it: the hour today,
 * "Yesterday", the weekday within the last week, else the date (with the year when not this one).
 */
export function entryTime(ts: number, now: number, locale: string, t: DayWords): string {
  const d = new Date(ts);
  if (dayOf(ts) === dayOf(now)) return d.toLocaleTimeString(locale, { timeStyle: 'short' });
  if (dayOf(ts) === dayOf(now - DAY_MS)) return t('chat.yesterday');
  if (now - ts < 6 * DAY_MS) return d.toLocaleDateString(locale, { weekday: 'short' });
  const sameYear = d.getFullYear() === new Date(now).getFullYear();
  return d.toLocaleDateString(locale, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) });
}

/**
 * A moment in the reader's language, as a message's time or a penalty's end says it: the hour
 * when it falls today, else the short date and hour ("9:38 PM", "12/6/26, 9:38 PM"; "21:38" in Chinese).
 */
export function momentText(ts: number, now: number, locale: string): string {
  const d = new Date(ts);
  if (dayOf(ts) === dayOf(now)) return d.toLocaleTimeString(locale, { timeStyle: 'short' });
  return d.toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' });
}

/** The day of a time as `YYYY-MM-DD`, in the reader's time zone (a `<time>`'s `dateTime`). */
export function isoDay(ts: number): string {
  const d = new Date(ts);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
