import type { ReactNode } from 'react';

/**
 * Stands in for `markdown-to-jsx/react` in the web build (vite.config.ts
 * alias). @rjsf/core imports its `Markdown` for descriptions and help only
 * under `enableMarkdownInDescription`, which no form sets, and for a
 * configuration error message: every text the forms show is plain, so it is
 * rendered as such and the 30 KB (gzip) markdown parser stays out of the
 * insure screen's chunk.
 */
export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{children}</>;
}
