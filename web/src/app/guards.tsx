import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { selectClaims } from './authSlice';
import { useAppSelector } from './hooks';

/** Staff (role 2) pass the subscriber guards too (DESIGN §6). */
export const SUBSCRIBER_ROLES = [2, 3];

/** Spec §4: no token, or an expired or invalid one, goes to /home. */
export function RequireUser({ children }: { children: ReactNode }) {
  const claims = useAppSelector(selectClaims);
  return claims ? <>{children}</> : <Navigate to="/home" replace />;
}

/** Spec §4: a subscriber-only page sends anyone whose role is not 3 (or staff) to /prof; visitors to /home. */
export function RequireSubscriber({ children }: { children: ReactNode }) {
  const claims = useAppSelector(selectClaims);
  if (!claims) return <Navigate to="/home" replace />;
  return SUBSCRIBER_ROLES.includes(claims.role) ? <>{children}</> : <Navigate to="/prof" replace />;
}
