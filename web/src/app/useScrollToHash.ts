import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a page may take to draw the part a link points at (its data loading) before the hash is let go. */
const WAIT_MS = 10_000;

/** What a person does to move the page themselves: after it, the page is theirs, not the hash's. */
const OWN_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * A link to a part of a page (`/prof#subscription`) opens at that part. The browser's own jump happens before a lazy
 * page has loaded its code and data, so it finds nothing and leaves the page at its top: this waits for the element
 * to be drawn, then scrolls it into view and moves the focus there (keyboard and screen-reader users land there too).
 * Sections above it may still be loading their data and grow: until the person moves the page themselves (or the
 * wait ends), the part is kept where it landed. The jump is instant: a smooth scroll aims at where the part was.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    let landed: number | undefined;
    const reach = () => {
      const target = document.getElementById(id);
      if (!target) return;
      if (landed !== undefined && Math.abs(target.getBoundingClientRect().top - landed) < 1) return;
      target.scrollIntoView({ block: 'start', behavior: 'instant' });
      landed = target.getBoundingClientRect().top;
      if (document.activeElement === target) return;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    };
    const observer = new MutationObserver(reach);
    // A page also grows without a node added (an image or a font loaded, a style applied).
    const resized = new ResizeObserver(reach);
    const timer = setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      resized.disconnect();
      clearTimeout(timer);
      for (const move of OWN_MOVES) window.removeEventListener(move, stop);
    };
    for (const move of OWN_MOVES) window.addEventListener(move, stop, { passive: true });
    observer.observe(document.body, { childList: true, subtree: true });
    resized.observe(document.body);
    reach();
    return stop;
  }, [hash, key]);
}
