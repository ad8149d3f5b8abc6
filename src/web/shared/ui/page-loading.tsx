/** Full-height loading state of a screen (lazy chunk, first data): a CSS spinner, styled in base.css with index.html's loading shell. */
export function PageLoading({ text = '加载中…' }: { text?: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite" data-testid="page-loading">
      <span className="page-loading-spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
