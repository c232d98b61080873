import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { StaticRouter, useRoutes } from 'react-router-dom';
import { PUBLIC_PAGES, type PublicPageName } from '../../contract/web/publicPages';
import Layout from './app/Layout';
import { AppRoutes } from './app/router';
import { store } from './shared/store/store';
import { Spinner } from './shared/ui';

/** The frame of every page with a spinner where the page goes: what a signed-in person sees before the app runs. */
function Shell() {
  return useRoutes([{ element: <Layout />, children: [{ path: '*', element: <Spinner /> }] }]);
}

/**
 * The same tree as main.tsx, at a fixed address and with the store as a visitor's first load has it. A static
 * prerender waits for the page's lazy chunk, so the HTML holds the page itself rather than its loading spinner.
 */
async function render(location: string, children: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Provider store={store}>
        <StaticRouter location={location}>{children}</StaticRouter>
      </Provider>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Run by the build (vite.config.ts), never in the browser: each public page as a visitor's first load renders it
 * (main.tsx hydrates it, so it paints before any script ran), and the app shell for everyone else (main.tsx replaces
 * it: a signed-in person's nav depends on the token, which only the browser has). One page after another, and
 * `rendered` is called after each, so the build can tell which modules (and so which stylesheets) a page loaded.
 */
export async function prerender(rendered: (name: PublicPageName) => void = () => undefined): Promise<Record<PublicPageName | 'shell', string>> {
  const pages = {} as Record<PublicPageName | 'shell', string>;
  for (const [location, name] of Object.entries(PUBLIC_PAGES)) {
    pages[name] = await render(location, <AppRoutes />);
    rendered(name);
  }
  pages.shell = await render('/', <Shell />);
  return pages;
}
