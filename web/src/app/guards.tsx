import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { guardRedirect, SUBSCRIBE_PATH, type Access } from '../shared/auth/access';
import { selectClaims, signedOut } from '../shared/auth/authSlice';
import { useAppDispatch, useAppSelector } from '../shared/store/hooks';

/** The page's name in the note by the profile's plan cards that says why a non-subscriber landed there. */
const PAGE_NAMES: Record<string, string> = { '/work': 'Exercises', '/plan': 'Meal Plans', '/food': 'The food log', '/prog': 'Progress', '/track': 'The workout tracker' };

function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const { pathname } = useLocation();
  const claims = useAppSelector(selectClaims);
  const token = useAppSelector((state) => state.auth.token);
  const dispatch = useAppDispatch();
  // docs/product.md#how-things-change: a token that has expired (or cannot be read) while the app was open is removed on the way out.
  const stale = token !== null && !claims;
  useEffect(() => {
    if (stale) dispatch(signedOut());
  }, [stale, dispatch]);
  const to = guardRedirect(access, claims);
  if (!to) return <>{children}</>;
  // Not silently: the profile's plan cards say which page needs the subscription.
  const state = to === SUBSCRIBE_PATH ? { deniedPage: PAGE_NAMES[pathname] ?? 'That page' } : undefined;
  return <Navigate to={to} replace state={state} />;
}

/** docs/product.md#how-things-change: no token, or an expired or invalid one, goes to /home. */
export const RequireUser = ({ children }: { children: ReactNode }) => <Guard access="user">{children}</Guard>;

/** docs/product.md#how-things-change: a subscriber-only page sends anyone whose role is not 3 (or staff) to /prof; visitors to /home. */
export const RequireSubscriber = ({ children }: { children: ReactNode }) => <Guard access="subscriber">{children}</Guard>;
