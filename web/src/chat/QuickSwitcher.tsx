/**
 * "Go to conversation" (Ctrl+K, or ⌘K): a dialog with a box that filters the
 * conversation list by name as one types (conversations that mention the
 * reader first, then those with unread messages, then the list's order), the arrow keys to move, Enter to open. The
 * box is a combobox whose options are the matches (the focus stays in the box).
 */
import { type Conversation, roomKey } from '@chat-server/client';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { chatPath, navigate } from '../app/router.ts';
import { useT } from '../i18n/index.tsx';
import { useSnapshot } from '../sdk/session.tsx';
import { Avatar, Dialog, MentionBadge, UnreadBadge } from '../ui/kit.tsx';

/** The most matches listed: beyond that, typing more is quicker than scrolling. */
const SHOWN = 12;

const openers = new Set<() => void>();

/** Opens the switcher (the conversation list's button). */
export function openQuickSwitcher(): void {
  for (const open of [...openers]) open();
}

/** Whether the switcher is open: on Ctrl+K / ⌘K anywhere in the app, or openQuickSwitcher(). */
export function useQuickSwitcher(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const show = () => setOpen(true);
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        show();
      }
    };
    openers.add(show);
    document.addEventListener('keydown', onKey);
    return () => {
      openers.delete(show);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  return [open, setOpen];
}

/** Conversations whose name contains `q` (any case), those mentioning the reader first, then unread ones, at most SHOWN. */
export function matching(conversations: readonly Conversation[], q: string): Conversation[] {
  const needle = q.trim().toLocaleLowerCase();
  const found = conversations.filter((c) => c.name.toLocaleLowerCase().includes(needle));
  const rank = (c: Conversation) => (c.mentioned ? 0 : c.unread > 0 ? 1 : 2);
  // Array sort is stable: within a rank, the list's order (newest activity first) stays.
  return found.toSorted((a, b) => rank(a) - rank(b)).slice(0, SHOWN);
}

export function QuickSwitcher({ onClose }: { onClose(): void }) {
  const t = useT();
  const { conversations } = useSnapshot();
  const [q, setQ] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const box = useRef<HTMLInputElement>(null);
  // After the dialog's showModal (a parent's effect, run after this one), which focuses its first button.
  useEffect(() => {
    const id = requestAnimationFrame(() => box.current?.focus());
    return () => cancelAnimationFrame(id);
  }, []);
  const shown = matching(conversations, q);
  const current = Math.min(active, shown.length - 1);
  const optionId = (i: number) => `${listId}-${i}`;
  const go = (c: Conversation | undefined) => {
    if (!c) return;
    onClose();
    navigate(chatPath(c));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + shown.length) % Math.max(shown.length, 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(shown[current]);
    }
  };
  return (
    <Dialog title={t('switcher.title')} open onClose={onClose}>
      <input
        type="text"
        role="combobox"
        aria-label={t('switcher.label')}
        aria-expanded={shown.length > 0}
        aria-controls={listId}
        aria-activedescendant={shown.length > 0 ? optionId(current) : undefined}
        aria-autocomplete="list"
        ref={box}
        value={q}
        placeholder={t('switcher.label')}
        onChange={(e) => {
          setQ(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div id={listId} role="listbox" aria-label={t('switcher.matches')} className="switcher">
        {shown.map((c, i) => (
          // The box keeps the focus: options are picked with the arrows and Enter, or a click.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keys
          <div key={roomKey(c)} id={optionId(i)} role="option" tabIndex={-1} aria-selected={i === current} onClick={() => go(c)}>
            <Avatar src={c.avatar} name={c.name} size={24} />
            <span className="grow">{c.name}</span>
            <MentionBadge on={c.mentioned} />
            <UnreadBadge n={c.unread} />
          </div>
        ))}
      </div>
      {shown.length === 0 ? <p className="muted">{t('switcher.none')}</p> : null}
      <p className="muted hint">{t('switcher.hint')}</p>
    </Dialog>
  );
}
