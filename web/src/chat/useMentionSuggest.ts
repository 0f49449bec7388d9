/**
 * Suggestions while typing a mention in a group's composer: once the text
 * before the caret ends with `@` and part of a name, the group's members whose
 * name or group nickname starts with (then contains) it, at most SHOWN, the
 * writer left out. The members are fetched when such a word starts (so the
 * list is fresh, and a group never mentioned costs nothing); Escape hides
 * them until the next word.
 */
import { mentionTyped, type RoomRef } from '@chat-server/client';
import { useEffect, useRef, useState } from 'react';
import { ok, type Schema, useClient } from '../sdk/session.tsx';

type Member = Schema<'Member'>;

const SHOWN = 8;
/** Members matching `query`: names or nicknames starting with it first, then containing it. */
export function suggestions(members: readonly Member[], query: string, me: string): Member[] {
  const q = query.toLocaleLowerCase();
  const others = members.filter((m) => m.name !== me);
  const starts = (s: string) => s.toLocaleLowerCase().startsWith(q);
  const first = others.filter((m) => starts(m.name) || (m.nickname !== '' && starts(m.nickname)));
  const then = others.filter((m) => !first.includes(m) && (m.name.toLocaleLowerCase().includes(q) || m.nickname.toLocaleLowerCase().includes(q)));
  return [...first, ...then].slice(0, SHOWN);
}

export interface MentionSuggest {
  /** The members offered now (empty: nothing shown). */
  shown: Member[];
  active: number;
  move(step: 1 | -1): void;
  /** The text with the mention being typed completed as `@name `, and the caret after it. */
  complete(member: Member): { text: string; caret: number };
  dismiss(): void;
}

export function useMentionSuggest(room: RoomRef, text: string, caret: number, me: string): MentionSuggest {
  const client = useClient();
  const gid = room.gid;
  const typing = gid === undefined ? null : mentionTyped(text, caret);
  const start = typing?.start ?? -1;
  const [members, setMembers] = useState<{ gid: string; list: Member[] } | null>(null);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState(-1);
  const asked = useRef(-1);

  // A new mention word: fetch the members again (joins, leaves and nicknames since the last one).
  useEffect(() => {
    if (gid === undefined || start < 0 || asked.current === start) return;
    asked.current = start;
    let live = true;
    ok(client.api.GET('/api/groups/members', { params: { query: { gid } } })).then(
      (r) => live && setMembers({ gid, list: r.members }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [client, gid, start]);
  useEffect(() => {
    if (start < 0) {
      asked.current = -1;
      setDismissedAt(-1);
    }
    setActive(0);
  }, [start]);

  const held = members !== null && members.gid === gid ? members.list : null;
  const shown = typing && held && dismissedAt !== start ? suggestions(held, typing.query, me) : [];
  const current = Math.min(active, Math.max(shown.length - 1, 0));
  return {
    shown,
    active: current,
    move: (step) => setActive((current + step + shown.length) % Math.max(shown.length, 1)),
    complete: (member) => {
      const end = start + 1 + (typing?.query.length ?? 0);
      const inserted = `@${member.name} `;
      return { text: text.slice(0, start) + inserted + text.slice(end).replace(/^ /, ''), caret: start + inserted.length };
    },
    dismiss: () => setDismissedAt(start),
  };
}
