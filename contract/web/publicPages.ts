/**
 * The public pages the build prerenders as a visitor first sees them, each into a file of its own, so they paint from
 * their HTML before any script has run. The server, the service worker and the production nginx answer a visitor
 * (no `signed_in` hint cookie) at one of these paths with its file, and everyone else with the app shell.
 * The subscription's cancel page is not among them: it asks for a signed-in person, so a visitor is sent on.
 */
export const PUBLIC_PAGES = {
  '/': 'landing',
  '/home': 'home',
  '/login': 'login',
  '/signup': 'signup',
  '/forgot-password': 'forgot-password',
  '/verification-success': 'verification-success',
  '/subscription-success': 'subscription-success',
  '/privacy': 'privacy',
  '/terms': 'terms',
} as const satisfies Record<string, string>;

export type PublicPageName = (typeof PUBLIC_PAGES)[keyof typeof PUBLIC_PAGES];

/** The name of the prerendered page at this path, or undefined when the path has none. */
export const publicPageAt = (pathname: string): PublicPageName | undefined =>
  Object.hasOwn(PUBLIC_PAGES, pathname) ? PUBLIC_PAGES[pathname as keyof typeof PUBLIC_PAGES] : undefined;

/** Where the build writes a prerendered page, from the built app's root: the landing page keeps its own name. */
export const publicPageFile = (name: PublicPageName): string => (name === 'landing' ? 'landing.html' : `pages/${name}.html`);
