/** The server's reason for a failed request when it gave one; otherwise what most likely happened. */
export function reasonOf(error: unknown): string {
  const e = error as { status?: number | string; data?: { message?: unknown } } | undefined;
  if (typeof e?.data?.message === 'string' && e.data.message) return e.data.message;
  if (e?.status === 'FETCH_ERROR' || e?.status === 'TIMEOUT_ERROR') return 'The server could not be reached. Check your connection.';
  return 'The server did not answer as expected.';
}

interface Props {
  /** What failed, as the person would say it: "Failed to load progress". */
  what: string;
  /** The request's error (its reason is shown), or the reason itself. */
  error?: unknown;
  reason?: string;
  retry: () => unknown;
  retryLabel?: string;
  busy?: boolean;
}

/**
 * The one error pattern of every screen: what failed, why when the server said, and Retry. A failed write
 * keeps what was entered, so Retry sends the same thing again.
 */
export function LoadFailed({ what, error, reason, retry, retryLabel = 'Retry', busy }: Props) {
  return (
    <div className="card alert alert--error load-failed" role="alert">
      <p>
        <strong>{what}</strong> {reason ?? reasonOf(error)}
      </p>
      <button type="button" className="btn btn--primary" disabled={busy} onClick={() => retry()}>
        {retryLabel}
      </button>
    </div>
  );
}
