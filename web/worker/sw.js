/* global self, caches, fetch, URL */
/**
 * The service worker: the app shell and every built file, kept per build, so the app opens with no network at
 * all after one visit. The build writes this file to dist/sw.js with the version and file list filled in (see
 * vite.config.ts): a new build is a new worker, which installs beside the old one, takes over at once and deletes
 * the old build's files; the page it serves next is the new build (which says so, see main.tsx).
 * API answers are never kept here: they are per user, and the app keeps what it needs per user in IndexedDB.
 */
const VERSION = '__VERSION__';
const FILES = __FILES__;
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
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('kinetic-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  // Every page of the app is the one shell; the build's own index answers it, from this build's files.
  if (request.mode === 'navigate') {
    event.respondWith(caches.open(CACHE).then((cache) => cache.match('/index.html')).then((hit) => hit || fetch(request)));
    return;
  }
  event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
});
