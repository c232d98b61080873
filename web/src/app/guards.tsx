import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { guardRedirect, SUBSCRIBER_ROLES, type Access } from './access';
import { selectClaims, signedOut } from './authSlice';
import { useAppDispatch, useAppSelector } from './hooks';

export { SUBSCRIBER_ROLES };

function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const claims = useAppSelector(selectClaims);
  const token = useAppSelector((state) => state.auth.token);
  const dispatch = useAppDispatch();
  // Spec §4: a token that has expired (or cannot be read) while the app was open is removed on the way out.
  const stale = token !== null && !claims;
  useEffect(() => {
    if (stale) dispatch(signedOut());
  }, [stale, dispatch]);
  const to = guardRedirect(access, claims);
  return to ? <Navigate to={to} replace /> : <>{children}</>;
}

/** Spec §4: no token, or an expired or invalid one, goes to /home. */
export const RequireUser = ({ children }: { children: ReactNode }) => <Guard access="user">{children}</Guard>;

/** Spec §4: a subscriber-only page sends anyone whose role is not 3 (or staff) to /prof; visitors to /home. */
export const RequireSubscriber = ({ children }: { children: ReactNode }) => <Guard access="subscriber">{children}</Guard>;
