/**
 * One conversation: a virtualised log that opens at the bottom and loads
 * older pages as it is scrolled up (back to the 500 kept), the "new messages"
 * line at the read position of the moment it was opened, the read marker
 * moved forward as messages come into view, read receipts in direct
 * conversations, a group's announcement above the log, who is typing, and
 * the composer. `?at=<idx>` in the address (a search result) opens it at that
 * message instead, marked and focused, with the pages down to it loaded.
 */
import { type Conversation, type MessagePayload, type PendingSend, type RoomKey, type RoomRef, roomKey } from '@chat-server/client';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type ListProps, Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { BellIcon, Link } from '../ui/kit.tsx';
import { useI18n, useT } from '../i18n/index.tsx';
import { useClient, useSession, useSnapshot } from '../sdk/session.tsx';
import { useUpload } from '../files/useUpload.ts';
import { Composer } from './Composer.tsx';
import { continuesRun, dayLabel, opensDay } from './days.ts';
import { GroupAnnouncement } from './GroupAnnouncement.tsx';
import { ForwardDialog } from './ForwardDialog.tsx';
import { MessageItem, PendingItem } from './MessageItem.tsx';
import { useOnline } from './presence.ts';
import { useTyping } from './typing.ts';
import { useMyGroup } from './useMyGroup.ts';
import { useToday } from './useToday.ts';

const PAGE = 50;
/** Virtuoso's index of the first item; it moves down as older pages are put in front. */
const BASE = 1_000_000;

export function ChatView({ roomRef, conversation }: { roomRef: RoomRef; conversation: Conversation | undefined }) {
  const t = useT();
  const { locale } = useI18n();
  const today = useToday();
  const client = useClient();
  const { me } = useSession();
  const snap = useSnapshot();
  const key = roomKey(roomRef);
  const messages = snap.messages[key] ?? EMPTY;
  const pending = useMemo(() => snap.pending.filter((p) => p.room === key), [snap.pending, key]);
  const name = conversation?.name ?? roomRef.gid ?? roomRef.dm ?? '';
  const typing = useTyping(key);
  const [replyTo, setReplyTo] = useState<MessagePayload | null>(null);
  /** The message being edited in place (one at a time). */
  const [editing, setEditing] = useState<number | null>(null);
  const composerBox = useRef<HTMLTextAreaElement>(null);
  const picking = usePicking(key);
  // Read once: the message this conversation was opened at (a search result), if any.
  const [target] = useState(targetOfLocation);
  const [focusTarget, setFocusTarget] = useState(target !== undefined);
  const history = useHistory(key, messages, target);
  const virtuoso = useRef<VirtuosoHandle>(null);
  const upload = useUpload(roomRef);
  const [dragging, setDragging] = useState(false);

  // The read position when the conversation was opened: the "new messages" line stays there.
  const [readAtOpen, setReadAtOpen] = useState<number | null>(conversation ? conversation.readIdx : null);
  useEffect(() => {
    if (readAtOpen === null && conversation) setReadAtOpen(conversation.readIdx);
  }, [conversation, readAtOpen]);
  const firstNew = readAtOpen === null ? undefined : messages.find((m) => m.idx > readAtOpen && m.from !== me?.username)?.idx;

  // The read marker follows what has been on screen.
  const readIdx = conversation?.readIdx ?? 0;
  const seen = useRef(0);
  const markSeen = useCallback(
    (idx: number) => {
      if (idx <= Math.max(seen.current, readIdx) || document.visibilityState !== 'visible') return;
      seen.current = idx;
      void client.store.markRead(key, idx).catch(() => {
        seen.current = 0;
      });
    },
    [client, key, readIdx],
  );

  const anchor = useRef<number | null>(null);
  if (anchor.current === null && messages.length > 0) anchor.current = messages[0]!.idx;
  const prepended = anchor.current === null ? 0 : messages.filter((m) => m.idx < anchor.current!).length;
  const firstItemIndex = BASE - prepended;

  // The newest of our messages the friend has read (direct conversations): its "Read" mark.
  const receipt = snap.receipts[key];
  const readUpTo = receipt === undefined ? undefined : [...messages].reverse().find((m) => m.from === me?.username && m.idx <= receipt)?.idx;

  const newest = messages.at(-1);
  const stay = useStayAtEnd(target === undefined);
  const followMine = useFollowMine(virtuoso, pending.length, newest && newest.from === me?.username ? newest.idx : undefined, stay.atEnd);

  const dm = roomRef.dm;
  const online = useOnline(dm, conversation && 'online' in conversation ? Boolean(conversation.online) : false);
  const byIdx = useMemo(() => new Map(messages.map((m) => [m.idx, m])), [messages]);
  const group = useMyGroup(roomRef.gid);
  const isAdmin = me?.role === 'admin';
  // Who may remove a file shared in the group (POST /api/groups/file/delete).
  const managesFiles = isAdmin || group?.role === 'owner' || group?.role === 'admin';

  return (
    <section
      className={`room${dragging ? ' dragging' : ''}`}
      aria-labelledby="room-title"
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        if (!e.dataTransfer.files.length) return;
        e.preventDefault();
        setDragging(false);
        for (const f of e.dataTransfer.files) void upload.send(f);
      }}
    >
      <header className="room-head">
        <Link to="/" className="back" aria-label={t('chat.back')}>
          ‹
        </Link>
        <h2 id="room-title">{name}</h2>
        {dm !== undefined ? <span className="muted">{t(online ? 'presence.online' : 'presence.offline')}</span> : null}
        <QuietToggle roomKey={key} quiet={conversation?.quiet ?? false} />
        {roomRef.gid !== undefined ? (
          <Link to={`/groups/${encodeURIComponent(roomRef.gid)}`} className="room-link">
            {t('chat.groupInfo')}
          </Link>
        ) : null}
      </header>
      {roomRef.gid !== undefined ? <GroupAnnouncement gid={roomRef.gid} text={group?.announce ?? ''} /> : null}
      <div role="log" aria-label={name} className="log">
        {history.loading && messages.length === 0 ? <p className="muted pad">{t('app.loading')}</p> : null}
        {!history.loading && messages.length === 0 && pending.length === 0 ? <p className="muted pad">{t('chat.empty')}</p> : null}
        {history.ready ? (
          <Virtuoso<MessagePayload, ListContext>
            ref={virtuoso}
            className="virtuoso"
            data={messages as MessagePayload[]}
            firstItemIndex={firstItemIndex}
            initialTopMostItemIndex={history.openAt ?? { index: 'LAST', align: 'end' }}
            computeItemKey={(_, m) => m.idx}
            followOutput={followMine}
            atBottomThreshold={AT_BOTTOM_PX}
            scrollerRef={stay.scrollerRef}
            alignToBottom
            startReached={() => void history.older()}
            rangeChanged={({ endIndex }) => {
              const m = messages[endIndex - firstItemIndex];
              if (m) markSeen(m.idx);
            }}
            atBottomStateChange={(bottom) => {
              const last = messages[messages.length - 1];
              if (bottom && last) markSeen(last.idx);
            }}
            context={{ history, pending, me: me?.username ?? '', offline: snap.status === 'offline' }}
            components={LIST_PARTS}
            itemContent={(index, m) => (
              <MessageItem
                m={m}
                day={opensDay(messages, index - firstItemIndex) ? dayLabel(m.ts, today, locale, t) : undefined}
                room={roomRef}
                me={me?.username ?? ''}
                isAdmin={isAdmin}
                managesFiles={managesFiles}
                newLine={m.idx === firstNew}
                continues={m.idx !== firstNew && continuesRun(messages, index - firstItemIndex)}
                target={m.idx === target}
                focus={focusTarget && m.idx === target}
                onFocused={() => setFocusTarget(false)}
                readMark={m.idx === readUpTo}
                replied={m.replyTo ? byIdx.get(m.replyTo) : undefined}
                onReply={() => setReplyTo(m)}
                editing={editing === m.idx}
                onEdit={(on) => {
                  setEditing(on ? m.idx : null);
                  // Done editing: the keyboard goes back to the composer (the editor is gone).
                  if (!on) requestAnimationFrame(() => composerBox.current?.focus());
                }}
                picked={picking.picked?.has(m.idx)}
                onPick={() => picking.toggle(m.idx)}
              />
            )}
          />
        ) : null}
      </div>
      <p className="typing" aria-live="polite">
        {typing.length === 1 ? t('chat.typing', { name: typing[0]! }) : typing.length > 1 ? t('chat.typingMany', { names: typing.join(', ') }) : ''}
      </p>
      {picking.picked ? (
        <PickBar
          messages={messages.filter((m) => picking.picked?.has(m.idx) && !m.recalled)}
          title={t('chat.mergeTitle', { name })}
          onDone={picking.stop}
        />
      ) : (
        <Composer
          room={roomRef}
          groupMuted={conversation?.muted ?? false}
          replyTo={replyTo}
          onReplyDone={() => setReplyTo(null)}
          upload={upload}
          box={composerBox}
          onEditLast={() => {
            const last = messages.findLast((m) => m.from === me?.username && m.type === 'text' && !m.recalled);
            if (!last) return false;
            setEditing(last.idx);
            virtuoso.current?.scrollToIndex({ index: messages.indexOf(last), align: 'center' });
            return true;
          }}
        />
      )}
    </section>
  );
}

const EMPTY: readonly MessagePayload[] = [];

/** The messages picked for forwarding, by idx (undefined while not picking); a new room starts afresh. */
function usePicking(key: RoomKey) {
  const [picked, setPicked] = useState<{ key: RoomKey; idxs: ReadonlySet<number> } | undefined>();
  const current = picked?.key === key ? picked.idxs : undefined;
  const toggle = (idx: number) => {
    const next = new Set(current);
    if (!next.delete(idx)) next.add(idx);
    setPicked({ key, idxs: next });
  };
  return { picked: current, toggle, stop: () => setPicked(undefined) };
}

/** In place of the composer while picking: how many are picked, "Forward" and "Cancel". */
function PickBar({ messages, title, onDone }: { messages: readonly MessagePayload[]; title: string; onDone(): void }) {
  const t = useT();
  const [forwarding, setForwarding] = useState(false);
  return (
    <div className="pick-bar" role="toolbar" aria-label={t('chat.picking')}>
      <span className="grow" aria-live="polite">
        {t('chat.pickedCount', { n: messages.length })}
      </span>
      <button type="button" className="primary" disabled={messages.length === 0} onClick={() => setForwarding(true)}>
        {t('chat.forward')}
      </button>
      <button type="button" onClick={onDone}>
        {t('chat.stopPicking')}
      </button>
      {forwarding ? (
        <ForwardDialog
          messages={messages}
          title={messages.length > 1 ? title : undefined}
          onClose={() => {
            setForwarding(false);
            onDone();
          }}
        />
      ) : null}
    </div>
  );
}

interface ListContext {
  history: { loading: boolean; exhausted: boolean };
  pending: readonly PendingSend[];
  me: string;
  offline: boolean;
}

/** Above the oldest message: the start of the kept history, or that an older page is on its way. */
function ListHeader({ context }: { context?: ListContext }) {
  const t = useT();
  if (context?.history.exhausted) return <p className="muted pad center history-start">{t('chat.historyStart')}</p>;
  return context?.history.loading ? <p className="muted pad center">{t('app.loading')}</p> : null;
}

/** Below the newest message: our sends waiting for their acknowledgement. */
function ListFooter({ context }: { context?: ListContext }) {
  return (
    <>
      {context?.pending.map((p) => (
        <PendingItem key={p.cid} pending={p} me={context.me} offline={context.offline} />
      ))}
    </>
  );
}

/**
 * The messages' list. A log shorter than the pane sits at its bottom (`alignToBottom`: Virtuoso
 * gives the list `margin-top: auto` in a flex column). That margin moves to the header
 * (styles.css), so "Start of the kept history" sits right above the oldest message, not at the
 * top of the pane; the list itself stays where Virtuoso puts it.
 */
function MessageList({ style, context: _, ...props }: ListProps & { context?: ListContext }) {
  return <div {...props} style={style?.marginTop === 'auto' ? { ...style, marginTop: 0 } : style} />;
}

const LIST_PARTS = { Header: ListHeader, Footer: ListFooter, List: MessageList };

/**
 * How close to the end still counts as at the bottom: a line's worth, so that the last message
 * growing under the reader (a "Read" mark, "(edited)", reactions) does not stop the log from
 * following the next one (Virtuoso's default is 4 px).
 */
const AT_BOTTOM_PX = 48;

/**
 * Keeps the log at its end while the reader is there. Virtuoso follows new items (`followOutput`,
 * below); this follows growth of what is already there, which Virtuoso follows for only 100 ms
 * after a change: a picture that loads late, a long forward measured taller than estimated, a
 * "Read" mark or reactions arriving, a shorter viewport. Whether the reader is at the end is
 * decided by scrolling only: reaching the end, or moving up from it; growth scrolls nothing.
 */
function useStayAtEnd(openedAtEnd: boolean) {
  const atEnd = useRef(openedAtEnd);
  const detach = useRef<() => void>(() => {});
  // The scroller itself is moved, as a reader would move it (Virtuoso's handle is briefly unset while it re-renders).
  const scrollerRef = useCallback((el: HTMLElement | Window | null) => {
    detach.current();
    detach.current = () => {};
    if (!(el instanceof HTMLElement)) return;
    let lastTop = el.scrollTop;
    // Scroll events come a frame late, when the list may have grown again: only a move up
    // (the reader's) leaves the end; reaching it, by anyone, sticks to it.
    const onScroll = () => {
      if (el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_PX) atEnd.current = true;
      else if (el.scrollTop < lastTop) atEnd.current = false;
      lastTop = el.scrollTop;
    };
    // Any change of size, of the viewport or of what is in it (header, list, the sends waiting
    // below it), lands here after layout, before it is painted.
    const sized = new ResizeObserver(() => {
      for (const part of [...el.children].flatMap((c) => [c, ...c.children])) sized.observe(part, { box: 'border-box' });
      if (atEnd.current) el.scrollTop = el.scrollHeight;
    });
    el.addEventListener('scroll', onScroll, { passive: true });
    sized.observe(el);
    detach.current = () => {
      el.removeEventListener('scroll', onScroll);
      sized.disconnect();
    };
  }, []);
  return { atEnd, scrollerRef };
}

/**
 * Where the view goes when the log grows: it follows new messages while at the end; sending
 * scrolls to the end, and each of our own messages, once stored, is followed once wherever the
 * reader was (the list is virtualised: a send made while reading older messages would otherwise
 * wait, and then land, out of sight, since the footer that shows it waiting moves nothing).
 */
function useFollowMine(
  virtuoso: RefObject<VirtuosoHandle | null>,
  pendingCount: number,
  newestMineIdx: number | undefined,
  atEnd: RefObject<boolean>,
) {
  const sent = useRef(pendingCount);
  useEffect(() => {
    if (pendingCount > sent.current) {
      atEnd.current = true;
      virtuoso.current?.scrollTo({ top: Number.MAX_SAFE_INTEGER });
    }
    sent.current = pendingCount;
  }, [virtuoso, pendingCount, atEnd]);
  const mine = useRef(newestMineIdx);
  mine.current = newestMineIdx;
  // Each of our messages is followed once: an older page put in front later must not pull the view down.
  const followed = useRef(newestMineIdx);
  return useCallback(
    (atBottom: boolean) => {
      const ours = mine.current !== undefined && mine.current !== followed.current;
      followed.current = mine.current;
      if (ours) atEnd.current = true;
      return atBottom || atEnd.current ? 'auto' : false;
    },
    [atEnd],
  );
}

/** `?at=<idx>` of the address. */
function targetOfLocation(): number | undefined {
  const at = Number(new URLSearchParams(location.search).get('at'));
  return Number.isSafeInteger(at) && at > 0 ? at : undefined;
}

/**
 * The newest page at open (and, opened at a message, every page down to it), older pages on
 * demand, until the start of the kept history.
 */
function useHistory(key: RoomKey, messages: readonly MessagePayload[], target: number | undefined) {
  const client = useClient();
  const [loading, setLoading] = useState(true);
  const [exhausted, setExhausted] = useState(false);
  // The list is mounted once the newest page is in, so that it opens at the bottom (or at the target).
  const [ready, setReady] = useState(false);
  const [openAt, setOpenAt] = useState<{ index: number; align: 'center' } | undefined>();
  const busy = useRef(false);
  const first = messages[0]?.idx;
  useEffect(() => {
    let live = true;
    busy.current = true;
    setLoading(true);
    const loaded = () => client.store.getSnapshot().messages[key] ?? [];
    client.store
      .loadHistory(key, { limit: PAGE })
      .then(async () => {
        let got = loaded();
        const oldest = got[0]?.idx;
        // Down to the target in one call, and a few older ones around it (at most the 500 kept).
        if (target !== undefined && oldest !== undefined && target < oldest) {
          await client.store.loadHistory(key, { before: oldest, limit: Math.min(500 - got.length, oldest - target + 10) });
          got = loaded();
        }
        if (!live) return;
        if (got.length < PAGE || got[0]?.idx === 1) setExhausted(true);
        const at = target === undefined ? -1 : got.findIndex((m) => m.idx === target);
        if (at >= 0) setOpenAt({ index: at, align: 'center' });
      })
      .catch(() => {})
      .finally(() => {
        busy.current = false;
        if (live) {
          setLoading(false);
          setReady(true);
        }
      });
    return () => {
      live = false;
    };
  }, [client, key, target]);
  const older = useCallback(async () => {
    if (busy.current || exhausted || first === undefined) return;
    if (first <= 1) {
      setExhausted(true);
      return;
    }
    busy.current = true;
    setLoading(true);
    try {
      const before = client.store.getSnapshot().messages[key]?.length ?? 0;
      await client.store.loadHistory(key, { before: first, limit: PAGE });
      const after = client.store.getSnapshot().messages[key]?.length ?? 0;
      if (after - before < PAGE || after >= 500) setExhausted(true);
    } catch {
      // Shown as nothing more to load for now; scrolling up again retries.
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [client, key, first, exhausted]);
  return { loading, exhausted, ready, older, openAt };
}

/** Silences the conversation's notifications on every device of the reader, or lets them sound again. */
function QuietToggle({ roomKey: key, quiet }: { roomKey: RoomKey; quiet: boolean }) {
  const t = useT();
  const client = useClient();
  return (
    <button
      type="button"
      className="quiet-toggle"
      aria-pressed={quiet}
      aria-label={t('chat.mute')}
      title={t(quiet ? 'chat.unmute' : 'chat.mute')}
      onClick={() => void client.store.setQuiet(key, !quiet).catch(() => undefined)}
    >
      <BellIcon off={quiet} size={18} />
    </button>
  );
}
