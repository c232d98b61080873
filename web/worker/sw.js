/* global self, caches, fetch, URL, notificationClickPlan */
/**
 * The service worker: the app shell and every built file, kept per build, so the app opens with no network at
 * all after one visit. The build writes this file to dist/sw.js with the version and file list filled in (see
 * vite.config.ts): a new build is a new worker, which installs beside the old one, takes over at once and keeps
 * only the build before it (for tabs still running it); the page it serves next is the new build (which says so, see main.tsx).
 * API answers are never kept here: they are per user, and the app keeps what it needs per user in IndexedDB.
 */
const VERSION = '__VERSION__';
const FILES = __FILES__;
/** Each public page's path and its prerendered file (contract/web/publicPages.ts). */
const PAGES = __PAGES__;
const CACHE = `kinetic-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      // The build just before this one stays (caches are listed oldest first): a tab opened before the deploy still
      // loads its lazy pages from it. Older ones go. A file in neither makes that tab reload (web/src/app/lazyPage.ts).
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('kinetic-') && k !== CACHE).slice(0, -1).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/**
 * The built page for a navigation: a public page's prerendered file (the landing page at `/`, see PAGES) for a visitor
 * without the `signed_in` hint cookie (web/src/shared/auth/token.ts), else the shell. A worker without the Cookie Store
 * API serves the shell, which is right for everyone (main.tsx renders whatever the token says), only without the
 * prerendered page's early paint.
 */
async function pageFor(url) {
  const page = PAGES[url.pathname];
  if (!page || !self.cookieStore) return '/index.html';
  const hint = await self.cookieStore.get('signed_in').catch(() => null);
  return hint && hint.value === '1' ? '/index.html' : page;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  // Every page of the app is the one shell, from this build's files; a public page is its prerendered file for a
  // visitor, as the server answers it (services/system/webApp.ts).
  if (request.mode === 'navigate') {
    event.respondWith(
      pageFor(url)
        .then((page) => caches.open(CACHE).then((cache) => cache.match(page)))
        .then((hit) => hit || fetch(request)),
    );
    return;
  }
  event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
});

/**
 * A reminder pushed by the server (services/workers/src/reminders/push.ts: title, body, url, tag): shown as a
 * notification, one per reminder (a resend replaces it by its tag).
 */
self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Kinetic';
  event.waitUntil(
    self.registration.showNotification(title, { body: data.body || '', tag: data.tag, icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', data: { url: data.url || '/' } }),
  );
});

/* __NOTIFICATION_CLICK__: notificationClickPlan (web/worker/notificationClick.js), put here by the build. */

/**
 * A tap opens the screen the reminder is about: focuses a window of the app already there, else takes a window of
 * the app this worker controls there, else opens a new one (a window it does not control cannot be navigated from
 * here, so a failed navigation opens one too).
 */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      const plan = notificationClickPlan(event.notification.data && event.notification.data.url, self.location.origin, windows);
      if (plan.action === 'open') return self.clients.openWindow(plan.target);
      const chosen = windows[plan.index];
      if (plan.action === 'focus') return chosen.focus();
      return chosen
        .navigate(plan.target)
        .then((client) => (client || chosen).focus())
        .catch(() => self.clients.openWindow(plan.target));
    }),
  );
});
