/**
 * A merged forward (`type: 'merge'`): its title and the forwarded messages, each with its author
 * and time. Entries are quotations: text shows as plain text (never Markdown or HTML), a file as
 * its kind and name without a link (forwarding shares no file). Content that is not a bundle
 * (another client's malformed send cannot get past the server, but old rows might) shows the
 * plain label.
 */
import { useT } from '../i18n/index.tsx';
import { Time } from '../ui/kit.tsx';

interface MergeItem {
  from: string;
  type: string;
  content?: string;
  name?: string;
  ts?: number;
}

/** The bundle inside a merge message, or undefined when it is not one. */
export function parseMerge(content: string): { title?: string; items: MergeItem[] } | undefined {
  try {
    const v: unknown = JSON.parse(content);
    if (typeof v !== 'object' || v === null || !Array.isArray((v as { items?: unknown }).items)) return undefined;
    const { title, items } = v as { title?: unknown; items: unknown[] };
    const valid = items.filter((i): i is MergeItem => typeof i === 'object' && i !== null && typeof (i as MergeItem).from === 'string' && typeof (i as MergeItem).type === 'string');
    return { title: typeof title === 'string' && title.trim() ? title : undefined, items: valid };
  } catch {
    return undefined;
  }
}

/** A time `<Time>` can show: another client may put any integer in an entry's `ts`. */
const isTime = (ts: unknown): ts is number => typeof ts === 'number' && !Number.isNaN(new Date(ts).getTime());

export function MergeContent({ content }: { content: string }) {
  const t = useT();
  const merge = parseMerge(content);
  if (!merge) return <p className="muted">{t('chat.kind.merge')}</p>;
  return (
    <figure className="merge">
      <figcaption>{merge.title ?? t('chat.kind.merge')}</figcaption>
      <ol>
        {merge.items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a bundle never changes once sent
          <li key={i}>
            <strong>{item.from}</strong> {isTime(item.ts) ? <Time ts={item.ts} /> : null}
            <br />
            {item.type === 'text' ? (
              <span className="text">{item.content ?? ''}</span>
            ) : (
              <span className="muted">
                {t(`chat.kind.${item.type}`)}
                {item.name ? `: ${item.name}` : ''}
              </span>
            )}
          </li>
        ))}
      </ol>
    </figure>
  );
}
