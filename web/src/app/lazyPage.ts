import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** When this tab last reloaded itself for a missing file (sessionStorage: per tab, kept across the reload). */
const RELOADED_AT = 'chunk-reload-at';
/** A second failure this soon after such a reload is not a deploy that a reload fixes: the page says so instead. */
const AGAIN_MS = 30_000;

/**
 * A file of this build could not be fetched. In a tab opened before a deploy that is the usual cause (the new build
 * has other file names), and the cure is the new build: reload once, to the page it was going to. Offline, or again
 * right after such a reload, the error goes on to the page's error boundary (PageErrorBoundary: "Reload"), so a file
 * that is really gone never makes the tab reload in a loop. Answers whether it reloads.
 */
export function reloadForNewBuild(): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (!navigator.onLine || Date.now() - last < AGAIN_MS) return false;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
  return true;
}

/**
 * React.lazy for a page's own chunk, recovering from a deploy that replaced it (reloadForNewBuild). The chunk is asked
 * for in a timer task of its own, not inside the render that first shows the page: asking for it adds to the document a
 * link for each file the chunk needs (Vite's preload), work that on a slow phone made that render's task a long one.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  return lazy(() =>
    new Promise((resolve) => setTimeout(resolve)).then(load).catch((error: unknown) => {
      // While the tab reloads, the page waits rather than flashing its error.
      if (reloadForNewBuild()) return new Promise<never>(() => {});
      throw error;
    }),
  );
}

/**
 * A page whose first render writes dates (today's date in its heading, a date field). The first date formatter a page
 * makes also loads the browser's date and time data, a cost of its own that the render would pay on top of its own
 * work: it is loaded while the page's code is fetched, and the page's own formatters (shared/dates.ts) are then quick
 * to make. In three timer tasks, each loading one part, rather than one: the data of likely languages and scripts
 * (a locale made complete), the list of locales the browser has date data for (asking which of them it supports), and
 * the rest (a throwaway formatter); at once the three make one long task on a slow phone. Not in idle callbacks: the
 * browser runs none while the page loads. Only such pages ask for it: a page that writes no dates at first would pay
 * for it for nothing.
 */
export function writingDates<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    const language = navigator.language;
    const parts = [() => new Intl.Locale(language).maximize(), () => Intl.DateTimeFormat.supportedLocalesOf(language), () => new Intl.DateTimeFormat(language).format(0)];
    const loadNext = () => {
      parts.shift()?.();
      if (parts.length > 0) setTimeout(loadNext);
    };
    setTimeout(loadNext);
    return load();
  };
}
