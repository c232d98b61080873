import { useEffect, useRef, type RefObject } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { Button } from '../../../shared/ui';
import { isNetworkError, serverText } from '../../../shared/api/http';

interface OlderSessionsProps {
  /** How many sessions the log shows so far. */
  shown: number;
  /** The server named an older page. */
  more: boolean;
  loading: boolean;
  /** Why the last older page did not load, if it did not. */
  error: FetchBaseQueryError | SerializedError | undefined;
  load: () => void;
}

/** The nearest ancestor that scrolls (the dialog), whose clipping decides what is in view; none: the page. */
function scrollerOf(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) if (/auto|scroll/.test(getComputedStyle(parent).overflowY)) return parent;
  return null;
}

/** Calls `near` when the element comes within one height of its scroller below the part in view, while `on`. */
function useNear(ref: RefObject<HTMLElement | null>, on: boolean, near: () => void, shown: number) {
  const latest = useRef(near);
  latest.current = near;
  useEffect(() => {
    const element = ref.current;
    if (!on || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), {
      root: scrollerOf(element),
      rootMargin: '0px 0px 100% 0px',
    });
    // Observed again after each page: a page too short to push the foot out of reach loads the next one too.
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, on, shown]);
}

const sessions = (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'}`;

/**
 * The foot of the Exercise Log: the next older page loads as it scrolls into view, or with its button (for a
 * keyboard, or where scrolling does not reach it); a failed page says why and tries again on the same button, and
 * the last page says so.
 */
export function OlderSessions({ shown, more, loading, error, load }: OlderSessionsProps) {
  const foot = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLParagraphElement>(null);
  // The button had a keyboard's focus when the last page came: the focus moves to the words that replace it.
  const focused = useRef(false);
  useNear(foot, more && !loading && !error, load, shown);
  useEffect(() => {
    if (!more && focused.current) end.current?.focus();
  }, [more]);
  if (!more)
    return (
      <p className="muted small log-end" ref={end} tabIndex={-1}>
        That’s everything: {sessions(shown)}.
      </p>
    );
  const reason = isNetworkError(error) ? 'You’re offline; the sessions above stay here.' : (serverText(error, 'error') ?? 'Please try again.');
  return (
    <div className="log-more" ref={foot}>
      {error && !loading && (
        <p role="alert" className="log-more__error">
          Couldn’t load older sessions. {reason}
        </p>
      )}
      {/* Kept in place while loading (not disabled), so a keyboard's focus stays on it. */}
      <Button
        variant="secondary"
        small
        aria-disabled={loading || undefined}
        aria-busy={loading || undefined}
        onFocus={() => (focused.current = true)}
        onBlur={() => (focused.current = false)}
        onClick={() => loading || load()}
      >
        {loading && <span className="log-more__ring" aria-hidden="true" />}
        {loading ? 'Loading older sessions…' : error ? 'Retry' : 'Load older sessions'}
      </Button>
      <p className="visually-hidden" role="status">
        {loading ? 'Loading older sessions' : `${sessions(shown)} shown`}
      </p>
    </div>
  );
}
