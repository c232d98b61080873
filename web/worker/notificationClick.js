/* global URL */
/**
 * What a tap on a pushed reminder does, decided apart from the worker's APIs so it is tested without a browser
 * (test/web/notificationClick.unit.spec.ts); the build puts this function into dist/sw.js (vite.config.ts). The
 * screen named by the push (services/workers/src/reminders/push.ts) opens in the app's own origin only: a window
 * already there is focused, else a window of the app goes there (the focused one first), else a new window opens.
 *
 * @param {unknown} url the notification's `data.url`
 * @param {string} origin the app's origin (`self.location.origin`)
 * @param {{ url: string, focused?: boolean }[]} windows the app's windows this worker controls (`clients.matchAll`)
 * @returns {{ target: string, action: 'focus' | 'navigate' | 'open', index: number }} the window to use (-1 for a new one)
 */
export function notificationClickPlan(url, origin, windows) {
  const home = new URL('/', origin).href;
  let target = home;
  try {
    const asked = new URL(typeof url === 'string' && url ? url : '/', origin);
    if (asked.origin === origin) target = asked.href;
  } catch {
    target = home;
  }
  const there = windows.findIndex((w) => w.url === target);
  if (there >= 0) return { target, action: 'focus', index: there };
  if (windows.length === 0) return { target, action: 'open', index: -1 };
  const focused = windows.findIndex((w) => w.focused);
  return { target, action: 'navigate', index: focused >= 0 ? focused : 0 };
}
