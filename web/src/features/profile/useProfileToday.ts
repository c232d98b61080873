import { selectClaims } from '../../app/authSlice';
import { useAppSelector } from '../../app/hooks';
import { useGetProfileQuery } from './profileApi';

const LABEL: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' };

/** Today's date as a heading ("Monday, November 23, 2026") in `timeZone`; the device's zone when none or unknown. */
export function todayLabel(timeZone: string | undefined, now = new Date()): string {
  try {
    return now.toLocaleDateString('en-US', { ...LABEL, timeZone });
  } catch {
    return now.toLocaleDateString('en-US', LABEL);
  }
}

/**
 * Today as the signed-in user's dashboards show it: in the time zone of their profile, the one the server counts
 * their day, week and streak in, so the heading's weekday is the week's highlighted day also when the device is
 * elsewhere (travelling, or set to another zone). The device's zone until the profile has loaded.
 */
export function useProfileToday(): string {
  const claims = useAppSelector(selectClaims);
  const { data } = useGetProfileQuery(undefined, { skip: !claims });
  return todayLabel(data?.time_zone);
}
