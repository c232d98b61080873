// The design system first: feature CSS (some of it in the entry chunk) builds on it and must come after.
import './app/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { startOffline } from './app/api';
import { AppRoutes } from './app/router';
import { store } from './app/store';
import { newBuild } from './app/syncSlice';

startOffline();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);

// The entry file's name changes with every build: a different one than last time means a new deploy took over.
const BUILD_KEY = 'build';
const lastBuild = localStorage.getItem(BUILD_KEY);
if (lastBuild && lastBuild !== import.meta.url) store.dispatch(newBuild());
localStorage.setItem(BUILD_KEY, import.meta.url);

// The worker keeps the app for the next visit, online or not; registered after the page is up so it never delays it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}
