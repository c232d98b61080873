import { Suspense, useEffect, useState } from 'react';
import { forgetThisDevice, usePushDevice } from '../shared/push';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { selectClaims, SIGN_OUT, signedOut, signsOut } from '../shared/auth/authSlice';
import { useShowedUp } from '../shared/auth/showedUp';
import { PRODUCT } from '../shared/brand';
import { useAppDispatch, useAppSelector } from '../shared/store/hooks';
import { navItems } from './nav';
import { NavIcon } from './NavIcon';
import { PageErrorBoundary } from './PageErrorBoundary';
import { useScrollToHash } from './useScrollToHash';
import { isSubscriberRole } from '../shared/auth/access';
import { Spinner, ToastProvider } from '../shared/ui';
import { SyncBanner } from './SyncBanner';
import './layout.css';

/** The frame of every page: the nav (mobile menu / desktop side bar, docs/product.md#screens-feature-by-feature), the toasts and the lazy page. */
export default function Layout() {
  const claims = useAppSelector(selectClaims);
  const token = useAppSelector((state) => state.auth.token);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useScrollToHash();
  // Every signed-in visit counts toward the streak, however long the person stays signed in.
  useShowedUp(token, claims !== undefined);
  usePushDevice(token, claims !== undefined);

  // A new page closes the mobile menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  // This device stops taking push, then the server ends the sign-in, so the token stops working everywhere, not only here; if the server cannot be
  // reached the token is still forgotten here. A plain fetch: the shell loads without RTK Query.
  const logout = async () => {
    setMenuOpen(false);
    if (token) await forgetThisDevice(token);
    if (token) await fetch('/api/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
    void navigate('/login', { state: SIGN_OUT });
  };
  // The token is dropped once the login page is showing: dropped on a guarded page (/prof), the guard's own
  // redirect to /home would win over the navigation to /login.
  const signingOut = signsOut(location.state);
  useEffect(() => {
    if (signingOut) dispatch(signedOut());
  }, [signingOut, dispatch]);

  return (
    <ToastProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="shell">
        <header className="topbar">
          <NavLink to="/" className="brand">
            <span className="brand__mark" aria-hidden="true">
              K
            </span>
            <span className="brand__name">{PRODUCT}</span>
          </NavLink>
          <button type="button" className="topbar__toggle" aria-expanded={menuOpen} aria-controls="site-nav" aria-label={menuOpen ? 'Close menu' : 'Open menu'} onClick={() => setMenuOpen((open) => !open)}>
            <span className={menuOpen ? 'burger burger--open' : 'burger'} aria-hidden="true" />
          </button>
        </header>
        <nav id="site-nav" className={menuOpen ? 'nav nav--open' : 'nav'} aria-label="Main">
          <NavLink to="/" className="brand nav__brand">
            <span className="brand__mark" aria-hidden="true">
              K
            </span>
            <span className="brand__name nav__label">{PRODUCT}</span>
          </NavLink>
          <ul className="nav__list">
            {navItems(claims).map((item) => (
              <li key={item.label}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  // /dashboard is the same page as / (docs/adr/0103-navigation-and-guards-are-pure.md), so Dashboard
                  // is lit there too.
                  className={({ isActive }) => (isActive || (item.to === '/' && location.pathname === '/dashboard') ? 'nav__link active' : 'nav__link')}
                  onClick={() => setMenuOpen(false)}
                >
                  <NavIcon name={item.icon} />
                  <span className="nav__label">{item.label}</span>
                </NavLink>
              </li>
            ))}
            {isSubscriberRole(claims?.role) && (
              <li className="nav__bottom">
                {/* Support one tap from every page; not a main item, so the spec's nav stays as it is. */}
                <NavLink to="/ticket" className={({ isActive }) => (isActive ? 'nav__link active' : 'nav__link')} onClick={() => setMenuOpen(false)}>
                  <NavIcon name="help" />
                  <span className="nav__label">Help &amp; support</span>
                </NavLink>
              </li>
            )}
            {claims && (
              <li className={isSubscriberRole(claims.role) ? undefined : 'nav__bottom'}>
                <button type="button" className="nav__link" onClick={logout}>
                  <NavIcon name="logout" />
                  <span className="nav__label">Logout</span>
                </button>
              </li>
            )}
          </ul>
        </nav>
        {menuOpen && <div className="nav__scrim" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
        <div className="shell__main" id="main" tabIndex={-1}>
          <SyncBanner />
          <PageErrorBoundary key={location.pathname}>
            <Suspense fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </PageErrorBoundary>
        </div>
      </div>
    </ToastProvider>
  );
}
