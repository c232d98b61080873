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

/**
 * Formatters by locale, zone and options, each made once: making one is the costly part of writing a date (every
 * `toLocaleString` with options makes a new one), and a page or a chart writes many dates with few of them.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter for `locale` (the runtime's when undefined) in `timeZone`; in the device's zone when none or unknown. */
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale ?? ''} ${timeZone ?? ''} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    try {
      made = new Intl.DateTimeFormat(locale, timeZone ? { ...options, timeZone } : options);
    } catch {
      made = new Intl.DateTimeFormat(locale, options);
    }
    formatters.set(key, made);
  }
  return made;
}

/** A moment as `options` write it in a fixed `locale` (for a machine-read form such as en-CA's YYYY-MM-DD). */
export const formatIn = (locale: string, at: Date, options: Intl.DateTimeFormatOptions, timeZone?: string): string => formatter(locale, options, timeZone).format(at);

/** A moment as `options` write it in the browser's language, in `timeZone` (the device's when none or unknown). */
export function formatDate(at: Date | string, options: Intl.DateTimeFormatOptions = DATE, timeZone?: string): string {
  return formatter(locale(), options, timeZone).format(typeof at === 'string' ? new Date(at) : at);
}

/** A calendar day ('YYYY-MM-DD'), written as `options` write it: read at noon, so no zone moves it to another day. */
export const formatDay = (isoDate: string, options: Intl.DateTimeFormatOptions = DATE) => formatDate(new Date(`${isoDate}T12:00:00`), options);

/** How the browser's language orders a numeric date, for an empty date field: "dd/mm/yyyy" in en-GB, "mm/dd/yyyy" in en-US. */
export function dayPattern(): string {
  const words: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = { day: 'dd', month: 'mm', year: 'yyyy' };
  return formatter(locale(), DATE, undefined)
    .formatToParts(new Date(2026, 10, 29, 12))
    .map((part) => words[part.type] ?? part.value)
    .join('');
}

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
