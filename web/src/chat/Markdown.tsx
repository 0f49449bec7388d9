/**
 * A message's Markdown (`md: 1`), rendered to React elements: raw HTML is
 * never parsed (it shows as text), links are checked by markdown-to-jsx's
 * URL sanitizer and open in a new tab, headings become bold lines (a
 * message is not a document section) and images become links (no request
 * leaves for another host; the app's CSP would refuse it anyway).
 */
import { compiler } from 'markdown-to-jsx/react';
import type { ReactNode } from 'react';

const Strong = ({ children }: { children?: ReactNode }) => (
  <p>
    <strong>{children}</strong>
  </p>
);

const options = {
  disableParsingRawHTML: true,
  ignoreHTMLBlocks: true,
  forceWrapper: true,
  wrapper: 'div',
  overrides: {
    h1: Strong,
    h2: Strong,
    h3: Strong,
    h4: Strong,
    h5: Strong,
    h6: Strong,
    a: ({ href, children }: { href?: string; children?: ReactNode }) => (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ),
    img: ({ src, alt }: { src?: string; alt?: string }) => (
      <a href={src} target="_blank" rel="noopener noreferrer nofollow">
        {alt || src}
      </a>
    ),
  },
} as const;

export default function Markdown({ text }: { text: string }) {
  return <div className="md">{compiler(text, options)}</div>;
}
