import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter, useRoutes } from 'react-router-dom';
import Layout from './app/Layout';
import { AppRoutes } from './app/router';
import { store } from './shared/store/store';
import { Spinner } from './shared/ui';

/** The frame of every page with a spinner where the page goes: what a signed-in person sees before the app runs. */
function Shell() {
  return useRoutes([{ element: <Layout />, children: [{ path: '*', element: <Spinner /> }] }]);
}

/** The same tree as main.tsx, at a fixed address and with the store as a visitor's first load has it. */
const render = (location: string, children: ReactNode) =>
  renderToString(
    <StrictMode>
      <Provider store={store}>
        <StaticRouter location={location}>{children}</StaticRouter>
      </Provider>
    </StrictMode>,
  );

/**
 * Run by the build (vite.config.ts), never in the browser: the landing page as a visitor's first load renders it
 * (main.tsx hydrates it, so the hero paints before any script ran), and the app shell for everyone else (main.tsx
 * replaces it: a signed-in person's nav depends on the token, which only the browser has).
 */
export function prerender(): { landing: string; shell: string } {
  return { landing: render('/', <AppRoutes />), shell: render('/', <Shell />) };
}
