import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children one step after the rest of the screen: nothing in the commit that first shows it, then the
 * children in a transition, which React renders in slices between the browser's other work. A screen whose answer
 * arrives all at once renders in one task (a store update renders synchronously); what it wraps in Later (the cards
 * below the fold, last in the page's order so nothing above them moves) goes to later tasks, and that first task stays
 * short on a slow phone.
 */
export function Later({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? children : null;
}
