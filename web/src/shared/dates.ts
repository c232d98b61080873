/**
 * Dates and times as the person's browser writes them: in its language's way (en-GB writes 29/11/2026, en-US
 * 11/29/2026), in a time zone when one is given (the profile's, where the person's days are counted), else the
 * device's. Every screen writes dates through here, so one rule holds everywhere.
 */

/** A numeric date: 29/11/2026 in en-GB, 11/29/2026 in en-US. */
export const DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
/** A short day for an axis or a list: "29 Nov" in en-GB, "Nov 29" in en-US. */
export const SHORT_DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };

/** The browser's language; undefined (the runtime's own) where there is no browser. */
const locale = () => (typeof navigator === 'undefined' ? undefined : navigator.language);

/** A moment as `options` write it in the browser's language, in `timeZone` (the device's when none or unknown). */
export function formatDate(at: Date | string, options: Intl.DateTimeFormatOptions = DATE, timeZone?: string): string {
  const when = typeof at === 'string' ? new Date(at) : at;
  try {
    return when.toLocaleString(locale(), timeZone ? { ...options, timeZone } : options);
  } catch {
    return when.toLocaleString(locale(), options);
  }
}

/** A calendar day ('YYYY-MM-DD'), written as `options` write it: read at noon, so no zone moves it to another day. */
export const formatDay = (isoDate: string, options: Intl.DateTimeFormatOptions = DATE) => formatDate(new Date(`${isoDate}T12:00:00`), options);

/**
 * A day an answer labels MM/DD (a week's Monday among the weeks up to `day`, 'YYYY-MM-DD'), as the browser writes a
 * short day ("16 Nov" in en-GB, "Nov 16" in en-US): a month after `day`'s is of the year before.
 */
export function formatMonthDay(monthDay: string, day: string): string {
  const [month, date] = monthDay.split('/');
  if (!month || !date) return monthDay;
  const year = Number(day.slice(0, 4)) - (Number(month) > Number(day.slice(5, 7)) ? 1 : 0);
  return formatDay(`${year}-${month}-${date}`, SHORT_DAY);
}
