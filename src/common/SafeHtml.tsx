import DOMPurify from 'dompurify';
import { useMemo, type CSSProperties } from 'react';

/**
 * HTML from the server, sanitized again in the browser before it is shown. Rendered on the server
 * (the store's first paint) there is no DOM to sanitize with: the server's own sanitized copy is used.
 */
export function sanitize(html: string | null | undefined): string {
  if (typeof window === 'undefined') return html ?? '';
  return DOMPurify.sanitize(html ?? '', { USE_PROFILES: { html: true } });
}

export function SafeHtml({ html, style, className }: { html: string | null | undefined; style?: CSSProperties; className?: string }) {
  const clean = useMemo(() => sanitize(html), [html]);
  // `safe-html`: its links are underlined (src/styles.css), their colour alone too close to the text's.
  return (
    <div
      className={className ? `safe-html ${className}` : 'safe-html'}
      style={{ overflowWrap: 'anywhere', ...style }}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

/** The text of an HTML fragment, tags stripped and whitespace collapsed. */
export function stripTags(html: string | null | undefined): string {
  if (!html) return '';
  // Block ends and line breaks become spaces, so "<p>a</p><p>b</p>" reads "a b".
  const spaced = html.replace(/<\/(p|div|li|h[1-6]|tr|td|th|blockquote|pre)>|<br\s*\/?>/gi, '$& ');
  const doc = new DOMParser().parseFromString(spaced, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
