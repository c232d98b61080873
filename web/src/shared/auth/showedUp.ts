import { useEffect } from 'react';
import { wroteOutsideApi } from '../store/positionSlice';
import { useAppDispatch } from '../store/hooks';

/**
 * Tells the server the signed-in person opened the app: on each start and each return to the tab, so a person who
 * stays signed in for days (an installed app) is counted every day they come back. The server appends only the
 * day's first (docs/adr/0097-a-streak-counts-the-days-a-person-showed-up.md); a failure is left alone, as a set, a
 * meal or the next visit count the day too. A plain fetch: the shell loads without RTK Query.
 */
export function useShowedUp(token: string | null, signedIn: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!token || !signedIn) return;
    const report = async () => {
      const response = await fetch('/api/showed-up', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
      if (!response.ok) return;
      const { recorded, position } = (await response.json()) as { recorded?: boolean; position?: number };
      if (recorded && typeof position === 'number') dispatch(wroteOutsideApi({ position }));
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void report().catch(() => undefined);
    };
    onVisible();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [token, signedIn, dispatch]);
}
