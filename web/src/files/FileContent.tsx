/** A file message: an image or video preview, an audio player, or a download link; "file expired" once the file is gone. */
import type { MessagePayload } from '@chat-server/client';
import { useT } from '../i18n/index.tsx';

export function formatSize(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export function FileContent({ m }: { m: MessagePayload }) {
  const t = useT();
  const name = m.name ?? m.content.split('/').pop() ?? '';
  if (m.file_expired) {
    return (
      <p className="muted file-expired">
        <em>{t('files.expired', { name })}</em>
      </p>
    );
  }
  if (m.type === 'image') {
    return (
      <a href={m.content} target="_blank" rel="noopener" className="preview">
        <img src={m.content} alt={name} loading="lazy" />
      </a>
    );
  }
  if (m.type === 'video') {
    return (
      <video className="preview" src={m.content} controls preload="metadata" aria-label={name}>
        <track kind="captions" />
      </video>
    );
  }
  if (m.type === 'audio') {
    return (
      <audio src={m.content} controls preload="none" aria-label={name}>
        <track kind="captions" />
      </audio>
    );
  }
  return (
    <p className="file">
      <a href={m.content} download={name}>
        {name}
      </a>{' '}
      {typeof m.size === 'number' ? <span className="muted">({formatSize(m.size)})</span> : null}
    </p>
  );
}
