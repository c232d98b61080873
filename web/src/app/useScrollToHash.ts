import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a page may take to draw the part a link points at (its data loading) before the hash is let go. */
const WAIT_MS = 10_000;

/**
 * A link to a part of a page (`/prof#subscription`) opens at that part. The browser's own jump happens before a lazy
 * page has loaded its code and data, so it finds nothing and leaves the page at its top: this waits for the element
 * to be drawn, then scrolls it into view and moves the focus there (keyboard and screen-reader users land there too).
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const reach = () => {
      const target = document.getElementById(id);
      if (!target) return false;
      target.scrollIntoView({ block: 'start' });
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
      return true;
    };
    if (reach()) return;
    const observer = new MutationObserver(() => reach() && stop());
    const timer = setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [hash, key]);
}
