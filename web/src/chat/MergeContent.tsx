/**
 * A merged forward (`type: 'merge'`): its title and the forwarded messages, each with its author
 * and time. Entries are quotations: text shows as plain text (never Markdown or HTML), a file as
 * its kind and name without a link (forwarding shares no file). Content that is no bundle shows
 * the plain label, and so does a bundle without a title.
 */
import { parseMerge } from '@chat-server/client';
import { useT } from '../i18n/index.tsx';
import { Time } from '../ui/kit.tsx';

/** A time `<Time>` can show: another client may put any integer in an entry's `ts`. */
const isTime = (ts: unknown): ts is number => typeof ts === 'number' && !Number.isNaN(new Date(ts).getTime());

export function MergeContent({ content }: { content: string }) {
  const t = useT();
  const merge = parseMerge(content);
  if (!merge) return <p className="muted">{t('chat.kind.merge')}</p>;
  return (
    <figure className="merge">
      <figcaption>{merge.title?.trim() ? merge.title : t('chat.kind.merge')}</figcaption>
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
