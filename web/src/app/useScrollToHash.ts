import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a page may take to draw the part a link points at (its data loading) before the hash is let go. */
const WAIT_MS = 10_000;

/** What the person does to move the page themselves; after it, the page is theirs and is not scrolled again. */
const OWN_MOVES = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * A link to a part of a page (`/prof#subscription`) opens at that part. The browser's own jump happens before a lazy
 * page has loaded its code and data, so it finds nothing and leaves the page at its top: this waits for the element
 * to be drawn, then scrolls it into view and moves the focus there (keyboard and screen-reader users land there too).
 * Sections above it that load their data later grow the page and push the part down, so until the person moves the
 * page themselves (or the wait ends) each such growth brings it back into view.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    let reached = false;
    const reach = () => {
      const target = document.getElementById(id);
      if (!target) return;
      target.scrollIntoView({ block: 'start' });
      if (!reached) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
        reached = true;
      }
    };
    const observer = new MutationObserver(reach);
    const resized = new ResizeObserver(() => reached && reach());
    const timer = setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      resized.disconnect();
      clearTimeout(timer);
      for (const move of OWN_MOVES) window.removeEventListener(move, stop);
    };
    for (const move of OWN_MOVES) window.addEventListener(move, stop, { passive: true });
    reach();
    observer.observe(document.body, { childList: true, subtree: true });
    resized.observe(document.body);
    return stop;
  }, [hash, key]);
}
