// Words for what the imports section shows.
import { formatDate } from '../../shared/dates';

const day = (iso: string) => formatDate(iso, { year: 'numeric', month: 'short', day: 'numeric' });

export const dateRange = (from: string | null, to: string | null) => (from && to ? (from.slice(0, 10) === to.slice(0, 10) ? day(from) : `${day(from)} – ${day(to)}`) : '—');

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** The server's `{message}` of a refusal, or a sentence for a request that got no answer. */
export const messageOf = (error: unknown) => {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : 'The server did not answer. Please try again.';
};

/**
 * The order of day and month the device's language writes dates in: what a slashed file that reads either way is
 * read in until the person says otherwise (the profile holds no language of its own).
 */
export const deviceDateOrder = (): 'dmy' | 'mdy' => {
  const parts = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(new Date(2020, 11, 31));
  return parts.findIndex((p) => p.type === 'month') < parts.findIndex((p) => p.type === 'day') ? 'mdy' : 'dmy';
};
