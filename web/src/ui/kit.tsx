/**
 * The few building blocks every screen uses: native elements with labels,
 * so that browsers, screen readers and tests find them by role and name.
 */
import { type ComponentProps, type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { type MessageKey, useI18n, useT } from '../i18n/index.tsx';
import { navigate } from '../app/router.ts';
import { momentText } from '../chat/days.ts';

/** A labelled input; `label` is a catalogue key. */
export function Field({ label, hint, ...input }: { label: MessageKey; hint?: ReactNode } & ComponentProps<'input'>) {
  const t = useT();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t(label)}</label>
      <input id={id} {...input} />
      {hint ? <small>{hint}</small> : null}
    </div>
  );
}

/** A labelled multi-line input. */
export function TextArea({ label, ...area }: { label: MessageKey } & ComponentProps<'textarea'>) {
  const t = useT();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t(label)}</label>
      <textarea id={id} {...area} />
    </div>
  );
}

/** A labelled select of `[value, catalogue key]` options. */
export function Select({ label, options, ...select }: { label: MessageKey; options: readonly (readonly [string, string])[] } & ComponentProps<'select'>) {
  const t = useT();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t(label)}</label>
      <select id={id} {...select}>
        {options.map(([v, k]) => (
          <option key={v} value={v}>
            {t(k)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** An error key shown as text, announced by screen readers. */
export function ErrorText({ error }: { error: string | null | undefined }) {
  const t = useT();
  if (!error) return null;
  return (
    <p role="alert" className="error">
      {t(error)}
    </p>
  );
}

/** A link inside the app (no page load). */
export function Link({ to, children, ...rest }: { to: string; children: ReactNode } & Omit<ComponentProps<'a'>, 'href'>) {
  return (
    <a
      href={to}
      {...rest}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(to);
        rest.onClick?.(e);
      }}
    >
      {children}
    </a>
  );
}

/**
 * A modal dialog (the native `<dialog>`: focus is trapped inside, Escape
 * closes it), named by its heading.
 */
export function Dialog({ title, open, onClose, children }: { title: string; open: boolean; onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const t = useT();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby={id} onClose={onClose} className="dialog">
      {open ? (
        <>
          <header className="dialog-head">
            <h2 id={id}>{title}</h2>
            <button type="button" className="icon" onClick={onClose} aria-label={t('app.close')}>
              ×
            </button>
          </header>
          {children}
        </>
      ) : null}
    </dialog>
  );
}

/** A count as a badge shows it. */
export const badgeText = (n: number): string => (n > 99 ? '99+' : String(n));

/** A count of unread things, named for screen readers ("3 unread"); nothing at 0. */
export function UnreadBadge({ n }: { n: number }) {
  const t = useT();
  if (n <= 0) return null;
  return (
    <span className="badge" role="img" aria-label={t('chat.unread', { n })}>
      {badgeText(n)}
    </span>
  );
}

/** A bell, struck through when `off`: inline SVG in the text colour (no emoji font needed); decorative. */
export function BellIcon({ off = false, size = 16 }: { off?: boolean; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4z" />
      <path d="M10 21h4" />
      {off ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}

/** The reader silenced the conversation's notifications. */
export function QuietBadge({ on }: { on: boolean }) {
  const t = useT();
  if (!on) return null;
  return (
    <span className="quiet-badge" role="img" aria-label={t('chat.quiet')}>
      <BellIcon off size={14} />
    </span>
  );
}

/** "@": an unread message in the conversation names the reader. */
export function MentionBadge({ on }: { on: boolean }) {
  const t = useT();
  if (!on) return null;
  return (
    <span className="badge mention-badge" role="img" aria-label={t('chat.mentioned')}>
      @
    </span>
  );
}

/** A round picture of a person or group, or their initial when there is none. */
export function Avatar({ src, name, size = 36 }: { src?: string | null | undefined; name: string; size?: number }) {
  const style = { width: size, height: size, fontSize: size * 0.45 };
  // Only pictures of this server: a group's avatar may be any http(s) URL, and the app neither
  // lets another host see who reads which group nor loosens its CSP for it (its initial shows).
  if (src?.startsWith('/')) return <img className="avatar" src={src} alt="" style={style} />;
  return (
    <span className="avatar" aria-hidden="true" style={style} data-hue={hue(name)}>
      {[...name][0]?.toUpperCase() ?? '?'}
    </span>
  );
}

const hue = (name: string) => [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 8, 0);

/** A time in the app's language: the hour for today, the date and hour before. */
export function Time({ ts }: { ts: number }) {
  const { locale } = useI18n();
  const d = new Date(ts);
  return (
    <time dateTime={d.toISOString()} title={d.toLocaleString(locale)}>
      {momentText(ts, Date.now(), locale)}
    </time>
  );
}

/** A form's submit handler that runs `fn` instead of a page load. */
export const submitting =
  (fn: () => unknown) =>
  (e: FormEvent): void => {
    e.preventDefault();
    void fn();
  };
