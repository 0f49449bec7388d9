/** A plain text message with its `@name` mentions set apart, the reader's own marked. */
import { mentionParts } from '@chat-server/client';

export function MentionText({ text, me }: { text: string; me: string }) {
  const mine = me.toLocaleLowerCase();
  return (
    <p className="text">
      {mentionParts(text).map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered
          <span key={i} className={part.mention.toLocaleLowerCase() === mine ? 'mention own' : 'mention'}>
            @{part.mention}
          </span>
        ),
      )}
    </p>
  );
}
