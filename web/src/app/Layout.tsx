import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';

/** SCAFFOLD: the nav (mobile menu, desktop side bar) and page frame come with the app shell. */
export default function Layout() {
  return (
    <Suspense fallback={<div role="status">Loading…</div>}>
      <Outlet />
    </Suspense>
  );
}
