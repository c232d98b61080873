// The design system first: feature CSS (some of it in the entry chunk) builds on it and must come after.
import './app/theme.css';
import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { selectClaims } from './shared/auth/authSlice';
import { AppRoutes } from './app/router';
import { reloadForNewBuild } from './app/lazyPage';
import { store } from './shared/store/store';
import { newBuild } from './shared/store/syncSlice';
import { markSignedIn } from './shared/auth/token';
import { publicPageAt } from '../../contract/web/publicPages';

// The offline side (the queue of waiting changes, what this device keeps of the last reads) comes with the api slice,
// which a visitor's landing page does not load: it starts as soon as someone is signed in, at once for a returning one,
// before their first page reads anything. What it kept for a person who signed out since is deleted then, and by the
// sign-in itself (api.ts), before another person's data is read.
let offlineStarted = false;
function startOfflineOnceSignedIn(): void {
  if (offlineStarted || !store.getState().auth.token) return;
  offlineStarted = true;
  void import('./shared/api/api').then(({ startOffline }) => startOffline());
}
// The first render reads the store as it is now: a prerendered page is hydrated against exactly this state, whatever
// the queue or the build check below dispatch before React gets to it.
const firstState = store.getState();
markSignedIn(firstState.auth.token);
const app = (
  <StrictMode>
    <Provider store={store} serverState={firstState}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  </StrictMode>
);
/** Calls `onCommit` once its children are first on the page (a layout effect: before the browser paints them). */
function FirstCommit({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}

/**
 * Starts the app: the offline side, then React's first render. The build prerenders the public pages and the app shell
 * into the HTML (web/src/prerender.tsx). A public page is hydrated when this load renders that very page (a visitor at
 * its path); anything else replaces what was painted.
 */
function start(): void {
  startOfflineOnceSignedIn();
  const stopWatching = store.subscribe(() => {
    startOfflineOnceSignedIn();
    if (offlineStarted) stopWatching();
  });
  const container = document.getElementById('root')!;
  const prerendered = container.dataset.page;
  // Either way in a transition, which React renders (or hydrates) in slices, giving the main thread back between them:
  // the page is on screen already, from its HTML.
  if (prerendered !== undefined && prerendered === publicPageAt(location.pathname) && !selectClaims(firstState)) {
    startTransition(() => void hydrateRoot(container, app));
    delete container.dataset.page;
  } else {
    // The prerendered shell stays on screen until the app's first commit, and the shell's look (layout.css,
    // `data-page`) goes with that commit, never outliving its markup.
    startTransition(() => createRoot(container).render(<FirstCommit onCommit={() => delete container.dataset.page}>{app}</FirstCommit>));
  }
}
// In a task after the one that ran the scripts (React, the router, the store): on a slow phone the two together make
// one long task, which delays whatever the person does meanwhile (anything over 50 ms counts as blocking time).
setTimeout(start);

// A file that a loaded module needs is gone (Vite's preload of a lazy chunk's CSS or imports): a deploy replaced it.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForNewBuild()) event.preventDefault();
});

// The entry file's name changes with every build: a different one than last time means a new deploy took over.
const BUILD_KEY = 'build';
const lastBuild = localStorage.getItem(BUILD_KEY);
if (lastBuild && lastBuild !== import.meta.url) store.dispatch(newBuild());
localStorage.setItem(BUILD_KEY, import.meta.url);

// The worker keeps the app for the next visit, online or not; registered after the page is up so it never delays it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}
