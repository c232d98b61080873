import { selectClaims } from '../../app/authSlice';
import { useAppSelector } from '../../app/hooks';
import { useGetProfileQuery } from './profileApi';

const LABEL: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' };
// en-CA writes a numeric date year first: 'YYYY-MM-DD', the form of an <input type="date"> and of `asOf`.
const ISO_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

/** `now` as a date in `timeZone`; in the device's zone when none or unknown. */
function dateIn(timeZone: string | undefined, now: Date, locale: string, options: Intl.DateTimeFormatOptions): string {
  try {
    return now.toLocaleDateString(locale, { ...options, timeZone });
  } catch {
    return now.toLocaleDateString(locale, options);
  }
}

/** Today's date as a heading ("Monday, November 23, 2026") in `timeZone`; the device's zone when none or unknown. */
export const todayLabel = (timeZone: string | undefined, now = new Date()) => dateIn(timeZone, now, 'en-US', LABEL);

/** Today's date as 'YYYY-MM-DD' in `timeZone`; the device's zone when none or unknown. */
export const todayDate = (timeZone: string | undefined, now = new Date()) => dateIn(timeZone, now, 'en-CA', ISO_DATE);

/**
 * The zone the signed-in user's days are counted in: their profile's, the one the server counts their day, week
 * and streak in (and ends an `asOf` day in), so what the client calls today is the server's today also when the
 * device is elsewhere (travelling, or set to another zone). Undefined (the device's zone) until the profile loaded.
 */
function useProfileTimeZone(): string | undefined {
  const claims = useAppSelector(selectClaims);
  const { data } = useGetProfileQuery(undefined, { skip: !claims });
  return data?.time_zone;
}

/** Today as the dashboards head it, in the profile's zone. */
export function useProfileToday(): string {
  return todayLabel(useProfileTimeZone());
}

/** Today as 'YYYY-MM-DD' in the profile's zone: the latest day /prog can be shown "as of". */
export function useProfileTodayDate(): string {
  return todayDate(useProfileTimeZone());
}
