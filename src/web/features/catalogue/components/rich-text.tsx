import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import styles from './market.module.css';

/** Tags and attributes a rich-text page may keep; everything else (scripts, handlers, styles, frames) is dropped. */
const ALLOWED_TAGS = ['h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'br', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span', 'img'];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'colspan', 'rowspan'];

/** Sanitises HTML with DOMPurify: only the tags and attributes above, links to http(s)/tel/mailto only. */
export function sanitizeRichText(html: string): string {
  // DOMPurify returns its input untouched where it cannot work: fall back to plain text, never to raw HTML.
  if (!DOMPurify.isSupported) return html.replace(/<[^>]*>/g, '').replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|tel:|mailto:|\/|#)/i,
  });
  // An image the page gives no alt text is decoration to a screen reader (alt=""), not its file name.
  return clean.replace(/<img(?![^>]*\salt=)/g, '<img alt=""');
}

/** HTML from the server, sanitised before it reaches the DOM. */
export function RichText({ html, testId = 'rich-text' }: { html: string; testId?: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return <article className={styles.rich} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
