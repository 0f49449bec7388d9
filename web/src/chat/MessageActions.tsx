/**
 * A message's actions, shown while it is hovered or has the focus: reply, react (an emoji picker),
 * forward, select for forwarding several, copy a link to it (in a group, where the link opens it
 * for every member: a direct conversation's address names the other person, so it would not),
 * edit (the author's text messages), recall (the author, an administrator), delete its file (a group's managers), report (others'
 * messages).
 */
import type { MessagePayload, RoomRef } from '@chat-server/client';
import { useState } from 'react';
import { chatPath } from '../app/router.ts';
import { useT } from '../i18n/index.tsx';
import { errorKey, ok, useApi, useClient } from '../sdk/session.tsx';
import { Dialog, ErrorText, Field } from '../ui/kit.tsx';
import { ForwardDialog } from './ForwardDialog.tsx';

export const EMOJI = ['👍', '❤️', '😂', '🎉', '😮', '😢'] as const;

/** Message types that show an uploaded file. */
const isFileType = (type: MessagePayload['type']) => type !== 'text' && type !== 'merge';

/** Runs an action, keeping its failure as an error key to show (cleared by the next action). */
export function useAct(): [(fn: () => Promise<unknown>) => Promise<void>, string | null] {
  const [error, setError] = useState<string | null>(null);
  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(errorKey(err));
    }
  };
  return [act, error];
}

/** The address that opens the conversation at this message (see ChatView, `?at=`). */
export const messageLink = (room: RoomRef, idx: number): string => `${location.origin}${chatPath(room)}?at=${idx}`;

interface Props {
  m: MessagePayload;
  room: RoomRef;
  mine: boolean;
  isAdmin: boolean;
  managesFiles: boolean;
  /** Messages are being picked for forwarding (each has its checkbox: no "Select"). */
  picking: boolean;
  onReply(): void;
  onPick(): void;
  onEdit(): void;
}

export function MessageActions({ m, room, mine, isAdmin, managesFiles, picking, onReply, onPick, onEdit }: Props) {
  const t = useT();
  const client = useClient();
  const api = useApi();
  const [act, error] = useAct();
  const [choosingEmoji, setChoosingEmoji] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [forwarding, setForwarding] = useState(false);
  const [copied, setCopied] = useState(false);
  const removableFile = managesFiles && room.gid !== undefined && isFileType(m.type) && !m.file_expired;
  const copyLink = async () => {
    const link = messageLink(room, m.idx);
    // The clipboard needs a secure context (https, or this machine): elsewhere the link is shown to copy by hand.
    if (!navigator.clipboard) {
      prompt(t('chat.copyLinkPrompt'), link);
      return;
    }
    await navigator.clipboard.writeText(link);
    setCopied(true);
    setTimeout(() => setCopied(false), 3_000);
  };
  return (
    <>
      <div className="actions">
        <button type="button" onClick={onReply}>
          {t('chat.reply')}
        </button>
        <button type="button" aria-expanded={choosingEmoji} onClick={() => setChoosingEmoji((p) => !p)}>
          {t('chat.react')}
        </button>
        <button type="button" onClick={() => setForwarding(true)}>
          {t('chat.forward')}
        </button>
        {!picking ? (
          <button type="button" onClick={onPick}>
            {t('chat.select')}
          </button>
        ) : null}
        {room.gid !== undefined ? (
          <button type="button" onClick={() => void act(copyLink)}>
            {t('chat.copyLink')}
          </button>
        ) : null}
        {mine && m.type === 'text' ? (
          <button type="button" onClick={onEdit}>
            {t('chat.edit')}
          </button>
        ) : null}
        {mine || isAdmin ? (
          <button type="button" onClick={() => void act(() => client.recall(room, m.idx))}>
            {t('chat.recall')}
          </button>
        ) : null}
        {removableFile ? (
          <button type="button" onClick={() => void act(() => ok(api.POST('/api/groups/file/delete', { body: { gid: room.gid!, url: m.content } })))}>
            {t('chat.deleteFile')}
          </button>
        ) : null}
        {!mine ? (
          <button type="button" onClick={() => setReporting(true)}>
            {t('chat.report')}
          </button>
        ) : null}
      </div>
      {choosingEmoji ? (
        <fieldset className="emoji-picker">
          <legend className="visually-hidden">{t('chat.react')}</legend>
          {EMOJI.map((e) => (
            <button
              key={e}
              type="button"
              aria-label={t('chat.reactWith', { emoji: e })}
              onClick={() => {
                setChoosingEmoji(false);
                void act(() => client.react(room, m.idx, e));
              }}
            >
              {e}
            </button>
          ))}
        </fieldset>
      ) : null}
      {copied ? <p role="status">{t('chat.linkCopied')}</p> : null}
      <ErrorText error={error} />
      {reporting ? <ReportDialog room={room} idx={m.idx} onClose={() => setReporting(false)} /> : null}
      {forwarding ? <ForwardDialog messages={[m]} onClose={() => setForwarding(false)} /> : null}
    </>
  );
}

function ReportDialog({ room, idx, onClose }: { room: RoomRef; idx: number; onClose(): void }) {
  const t = useT();
  const api = useApi();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  return (
    <Dialog title={t('chat.reportTitle')} open onClose={onClose}>
      {sent ? (
        <p role="status">{t('chat.reported')}</p>
      ) : (
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            try {
              await ok(api.POST('/api/report', { body: { type: 'message', ...room, idx, reason } }));
              setSent(true);
            } catch (err) {
              setError(errorKey(err));
            }
          }}
        >
          <Field label="chat.reportReason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          <ErrorText error={error} />
          <button type="submit" className="primary">
            {t('chat.reportSend')}
          </button>
        </form>
      )}
    </Dialog>
  );
}

