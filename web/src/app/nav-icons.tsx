/**
 * The main navigation's icons, shown instead of the words on a phone (the
 * words stay in the link, visually hidden, as its accessible name). Inline
 * SVG in the text colour: no font or image request, nothing for the CSP.
 */
import type { ReactNode } from 'react';

/** One line drawing per destination of the main navigation, by its key. */
const SHAPES: Record<string, ReactNode> = {
  chat: <path d="M4 5h16v11H9l-5 4z" />,
  friends: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 3.6-6 8-6s8 2 8 6" />
    </>
  ),
  groups: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2 20c0-3.5 3-5.5 7-5.5s7 2 7 5.5" />
      <circle cx="17" cy="7" r="2.5" />
      <path d="M17.5 12.5c2.6.2 4.5 1.9 4.5 4.5" />
    </>
  ),
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="M16 16l5 5" />
    </>
  ),
  mailbox: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 7l9 6 9-6" />
    </>
  ),
  settings: (
    <>
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </>
  ),
  admin: <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />,
};

/** The icon of a destination; decorative (the link is named by its words). */
export function NavIcon({ name }: { name: string }) {
  return (
    <svg className="nav-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      {SHAPES[name]}
    </svg>
  );
}
