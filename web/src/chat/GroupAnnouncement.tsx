/**
 * A group's announcement at the top of its conversation (kept current by
 * useMyGroup: `groups.changed` is sent to the group's room when the
 * announcement changes, docs/protocol.md). It folds to one line; a folded
 * announcement stays folded in this browser until its text changes, and then
 * opens again so that the new text is seen.
 */
import { useId, useState } from 'react';
import { useT } from '../i18n/index.tsx';

export function GroupAnnouncement({ gid, text }: { gid: string; text: string }) {
  const t = useT();
  const [folded, setFolded] = useFolded(gid, text);
  const id = useId();
  if (!text) return null;
  return (
    <section className="announce" aria-label={t('groups.announcement')}>
      <button type="button" className="announce-toggle" aria-expanded={!folded} aria-controls={id} onClick={() => setFolded(!folded)}>
        <span className="announce-mark" aria-hidden="true" />
        <strong>{t('groups.announcement')}</strong>
        {folded ? <span className="announce-peek">{text}</span> : null}
      </button>
      <p id={id} className="announce-text" hidden={folded}>
        {text}
      </p>
    </section>
  );
}

/**
 * Whether the announcement is folded: this browser keeps, per group, a hash
 * of the text that was folded (not the text: another account may use the
 * browser next), so a new text is never folded.
 */
function useFolded(gid: string, text: string): [boolean, (folded: boolean) => void] {
  const key = `announce.folded.${gid}`;
  const [foldedHash, setFoldedHash] = useState(() => localStorage.getItem(key));
  const folded = text !== '' && foldedHash === hashOf(text);
  const setFolded = (fold: boolean) => {
    const h = fold ? hashOf(text) : null;
    if (h) localStorage.setItem(key, h);
    else localStorage.removeItem(key);
    setFoldedHash(h);
  };
  return [folded, setFolded];
}

/** FNV-1a (32 bits) of the text, in hex: enough to tell one announcement of a group from the next. */
function hashOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16);
}
