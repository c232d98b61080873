import { csvText } from '../../../platform/csv.js';
import { CANCELLATION_REASONS } from '../../../../contract/billing/cancellationReasons.js';
import { TICKET_COMPONENTS } from '../../../../events/ticket.js';
import { addDays, mondayOf } from '../progress/api.js';
import type { Series, SeriesName } from '../../../../contract/analytics/seriesNames.js';

export type { Series } from '../../../../contract/analytics/seriesNames.js';
import { countsAsWorkout } from '../training/api.js';
import {
  utcDay,
  weekOf,
  type AnalyticsDayDoc,
  type AnalyticsImportDoc,
  type AnalyticsImportedWorkoutsDoc,
  type AnalyticsSessionDoc,
  type AnalyticsTicketDoc,
  type AnalyticsUserDoc,
} from './projections.js';

/** The analytics read models, as the projector keeps them or a replay folds them in memory. */
export interface AnalyticsDocs {
  days: AnalyticsDayDoc[];
  users: AnalyticsUserDoc[];
  tickets: AnalyticsTicketDoc[];
  sessions: AnalyticsSessionDoc[];
  imports: AnalyticsImportDoc[];
  importedWorkouts: AnalyticsImportedWorkoutsDoc[];
}

/** Inclusive UTC days. */
export interface DayRange {
  from: string;
  to: string;
}


/**
 * The days the log has anything for, when the caller gives no range: an import counts on the days it was completed and
 * undone, not on the days of the history it brought (years back, those would stretch every series over them).
 */
export function fullRange(docs: AnalyticsDocs): DayRange | undefined {
  const days = [...docs.days.map((d) => d.day), ...docs.sessions.flatMap((s) => s.ended_day ?? []), ...docs.imports.flatMap((i) => (i.undone_day === null ? [i.completed_day] : [i.completed_day, i.undone_day]))].sort();
  if (days.length === 0) return undefined;
  return { from: days[0]!, to: days[days.length - 1]! };
}

function* daysOf(range: DayRange) {
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) yield day;
}
/**
 * Weekly rows are UTC weeks, Monday to Sunday, each as it stood at the end of the range: the first week also counts
 * its days before `from`, the last one its days up to `to` only. So the HTTP answer, read from the live read models,
 * equals the report of `npm run analytics --to`, whose replay leaves out what came after `to`.
 */
function* weeksOf(range: DayRange) {
  for (let week = mondayOf(range.from); week <= range.to; week = addDays(week, 7)) yield week;
}
const inRange = (range: DayRange, iso: string | null) => iso !== null && utcDay(iso) >= range.from && utcDay(iso) <= range.to;

const median = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Per-day counters folded over the days in the range; running totals also count the days before it. */
function dayCounters(docs: AnalyticsDocs) {
  const byDay = new Map(docs.days.map((d) => [d.day, d]));
  return (day: string) => byDay.get(day);
}

/**
 * Every series over `range`, computed from the analytics read models alone (pure: the range and today's UTC date come
 * in). Series over days or weeks name the rows whose period was not over at the end of the range (`incomplete`).
 */
export function computeSeries(name: SeriesName, docs: AnalyticsDocs, range: DayRange, today: string): Series {
  const series = seriesOver(name, docs, range);
  const x = series.columns[0];
  const lastDayOf = x === 'day' ? (day: string) => day : x === 'week' ? (week: string) => addDays(week, 6) : undefined;
  if (!lastDayOf) return series;
  // A period is incomplete when it runs past the range (a week cut off by `to`) or has not ended yet (today, this week).
  const incomplete = series.rows.map((r) => String(r[x!])).filter((v) => lastDayOf(v) > range.to || lastDayOf(v) >= today);
  return incomplete.length > 0 ? { ...series, incomplete } : series;
}

/** One series' columns and rows; `day` reads the day counters. */
type Builder = (docs: AnalyticsDocs, range: DayRange, day: ReturnType<typeof dayCounters>) => Omit<Series, 'name'>;

/** Sign-ups per day. */
const signupsPerDay: Builder = (_docs, range, day) => {
  return {
    title: 'Sign-ups per day',
    chart: 'bar',
    columns: ['day', 'signups'],
    rows: [...daysOf(range)].map((d) => ({ day: d, signups: day(d)?.signups ?? 0 })),
  };
};

/** Running totals at the end of each day: everyone signed up so far, split by whether they verified yet. */
const verifiedAccounts: Builder = (docs, range, day) => {
  let signups = 0;
  let verified = 0;
  for (const d of docs.days) {
    if (d.day < range.from) {
      signups += d.signups;
      verified += d.verifications;
    }
  }
  const rows = [...daysOf(range)].map((d) => {
    signups += day(d)?.signups ?? 0;
    verified += day(d)?.verifications ?? 0;
    return { day: d, verified, unverified: signups - verified };
  });
  return { title: 'Verified vs unverified accounts (running totals)', chart: 'line', columns: ['day', 'verified', 'unverified'], rows };
};

/** Active at the end of a day: activated on or before it, not ended on or before it. */
const activeSubscribers: Builder = (docs, range) => {
  const change = new Map<string, { monthly: number; annually: number }>();
  const bump = (d: string, interval: 'monthly' | 'annually', by: number) => {
    const c = change.get(d) ?? { monthly: 0, annually: 0 };
    c[interval] += by;
    change.set(d, c);
  };
  let monthly = 0;
  let annually = 0;
  for (const u of docs.users) {
    for (const s of u.subscriptions) {
      const start = utcDay(s.activated_at);
      const end = s.ended_at === null ? null : utcDay(s.ended_at);
      if (end !== null && end <= start) continue;
      if (start < range.from) {
        if (end === null || end >= range.from) {
          if (s.interval === 'monthly') monthly += 1;
          else annually += 1;
        }
      } else bump(start, s.interval, 1);
      if (end !== null && end >= range.from) bump(end, s.interval, -1);
    }
  }
  const rows = [...daysOf(range)].map((d) => {
    monthly += change.get(d)?.monthly ?? 0;
    annually += change.get(d)?.annually ?? 0;
    return { day: d, monthly, annually, total: monthly + annually };
  });
  return { title: 'Active subscribers (end of day)', chart: 'line', columns: ['day', 'monthly', 'annually', 'total'], rows };
};

/** From the waitlist to cancellations, each stage summed over the range, by plan where it has one. */
const funnel: Builder = (docs, range, day) => {
  const sum = (counter: Exclude<keyof AnalyticsDayDoc, 'day'>) => [...daysOf(range)].reduce((n, d) => n + (day(d)?.[counter] ?? 0), 0);
  const ended = { monthly: 0, annual: 0 };
  for (const u of docs.users) {
    for (const s of u.subscriptions) if (inRange(range, s.ended_at)) ended[s.interval === 'monthly' ? 'monthly' : 'annual'] += 1;
  }
  const stage = (name: string, monthly: number | null, annual: number | null, total: number) => ({ stage: name, monthly, annual, total });
  const clicks = [sum('clicks_monthly'), sum('clicks_annual')] as const;
  const checkouts = [sum('checkouts_monthly'), sum('checkouts_annually')] as const;
  const activations = [sum('activations_monthly'), sum('activations_annually')] as const;
  return {
    title: 'Funnel: waitlist → early-access clicks → checkouts → activations → cancellations',
    chart: 'bar',
    columns: ['stage', 'monthly', 'annual', 'total'],
    rows: [
      stage('waitlist joins', null, null, sum('waitlist_joins')),
      stage('early-access clicks', clicks[0], clicks[1], clicks[0] + clicks[1]),
      stage('checkouts', checkouts[0], checkouts[1], checkouts[0] + checkouts[1]),
      stage('activations', activations[0], activations[1], activations[0] + activations[1]),
      stage('cancellations', ended.monthly, ended.annual, ended.monthly + ended.annual),
    ],
  };
};

/** Cancellations in the range by reason: each listed one, then Other in total and by its text. */
const cancellationReasons: Builder = (docs, range) => {
  const listed = new Map<string, number>(CANCELLATION_REASONS.map((r) => [r, 0]));
  const others = new Map<string, number>();
  for (const u of docs.users) {
    for (const s of u.subscriptions) {
      if (s.ended_how !== 'cancelled' || !inRange(range, s.ended_at)) continue;
      const reason = s.reason ?? '';
      if (listed.has(reason)) listed.set(reason, listed.get(reason)! + 1);
      else others.set(reason, (others.get(reason) ?? 0) + 1);
    }
  }
  const otherTotal = [...others.values()].reduce((a, b) => a + b, 0);
  return {
    title: "Cancellation reasons (the listed ones; Other with each text)",
    chart: 'bar',
    columns: ['reason', 'other_text', 'count'],
    rows: [
      ...[...listed].map(([reason, count]) => ({ reason, other_text: null, count })),
      { reason: 'Other', other_text: null, count: otherTotal },
      ...[...others].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([text, count]) => ({ reason: 'Other', other_text: text, count })),
    ],
  };
};

/** Users who did something themselves, per UTC week. */
const weeklyActiveUsers: Builder = (docs, range) => {
  const counts = new Map<string, number>();
  for (const u of docs.users) {
    for (const first of u.first_active_days) if (first <= range.to) counts.set(weekOf(first), (counts.get(weekOf(first)) ?? 0) + 1);
  }
  return {
    title: 'Weekly active users (did something themselves in the UTC week)',
    chart: 'line',
    columns: ['week', 'users'],
    rows: [...weeksOf(range)].map((w) => ({ week: w, users: counts.get(w) ?? 0 })),
  };
};

/**
 * Sessions that count as a workout, and their minutes, per UTC week of their end; apart, the workouts of imports
 * (Strong, Hevy) in the week they were done, counted when their import had completed and was not undone by the end
 * of the range (as it stood then, like every row here).
 */
const workoutsPerWeek: Builder = (docs, range) => {
  const rows = [...weeksOf(range)].map((week) => ({ week, workouts: 0, minutes: 0, imported_workouts: 0, imported_minutes: 0 }));
  const byWeek = new Map(rows.map((r) => [r.week, r]));
  for (const s of docs.sessions) {
    if (s.ended_day === null || s.ended_day > range.to || !countsAsWorkout({ ended: true, exercisesLogged: s.exercises_logged })) continue;
    const totals = byWeek.get(weekOf(s.ended_day));
    if (!totals) continue;
    totals.workouts += 1;
    totals.minutes += s.minutes;
  }
  const counted = new Set(docs.imports.filter((i) => i.completed_day <= range.to && (i.undone_day === null || i.undone_day > range.to)).map((i) => i.import_id));
  for (const batch of docs.importedWorkouts) {
    if (!counted.has(batch.import_id)) continue;
    for (const d of batch.days) {
      const totals = d.day > range.to ? undefined : byWeek.get(weekOf(d.day));
      if (!totals) continue;
      totals.imported_workouts += d.workouts;
      totals.imported_minutes += d.minutes;
    }
  }
  return {
    title: 'Workouts completed per UTC week and their minutes (imported ones apart, in the week they were done)',
    chart: 'bar',
    columns: ['week', 'workouts', 'minutes', 'imported_workouts', 'imported_minutes'],
    rows,
  };
};

/** Meals logged per day. */
const mealsPerDay: Builder = (_docs, range, day) => {
  return {
    title: 'Meals logged per day',
    chart: 'bar',
    columns: ['day', 'meals_logged'],
    rows: [...daysOf(range)].map((d) => ({ day: d, meals_logged: day(d)?.meals_logged ?? 0 })),
  };
};

/** Chat requests, failures and plans offered per day, and plans saved from chat. */
const chatPerDay: Builder = (docs, range, day) => {
  const saves = new Map<string, number>();
  for (const u of docs.users) for (const s of u.chat_saves) saves.set(utcDay(s.saved_at), (saves.get(utcDay(s.saved_at)) ?? 0) + 1);
  return {
    title: 'Chat requests per day and plans saved from chat',
    chart: 'line',
    columns: ['day', 'requests', 'failed', 'plans_offered', 'plans_saved_from_chat'],
    rows: [...daysOf(range)].map((d) => ({
      day: d,
      requests: day(d)?.chat_questions ?? 0,
      failed: day(d)?.chat_failed ?? 0,
      plans_offered: day(d)?.chat_plans_offered ?? 0,
      plans_saved_from_chat: saves.get(d) ?? 0,
    })),
  };
};

/** Tickets opened in the range per component, and the hours to Completed of those completed. */
const ticketsByComponent: Builder = (docs, range) => {
  const byComponent = new Map<string, { opened: number; hours: number[] }>(TICKET_COMPONENTS.map((c) => [c, { opened: 0, hours: [] }]));
  for (const t of docs.tickets) {
    if (!inRange(range, t.opened_at)) continue;
    const c = byComponent.get(t.component) ?? { opened: 0, hours: [] };
    c.opened += 1;
    if (t.completed_at !== null) c.hours.push((Date.parse(t.completed_at) - Date.parse(t.opened_at)) / 3_600_000);
    byComponent.set(t.component, c);
  }
  return {
    title: 'Tickets opened by component (in the range) and their time to Completed',
    chart: 'bar',
    columns: ['component', 'opened', 'completed', 'median_hours_to_completed', 'mean_hours_to_completed'],
    rows: [...byComponent].map(([component, c]) => {
      const med = median(c.hours);
      return {
        component,
        opened: c.opened,
        completed: c.hours.length,
        median_hours_to_completed: med === null ? null : round1(med),
        mean_hours_to_completed: c.hours.length ? round1(c.hours.reduce((a, b) => a + b, 0) / c.hours.length) : null,
      };
    }),
  };
};

const BUILDERS: Record<SeriesName, Builder> = {
  signups: signupsPerDay,
  verification: verifiedAccounts,
  subscribers: activeSubscribers,
  funnel,
  'cancellation-reasons': cancellationReasons,
  'weekly-active-users': weeklyActiveUsers,
  workouts: workoutsPerWeek,
  meals: mealsPerDay,
  chat: chatPerDay,
  tickets: ticketsByComponent,
};

function seriesOver(name: SeriesName, docs: AnalyticsDocs, range: DayRange): Series {
  return { name, ...BUILDERS[name](docs, range, dayCounters(docs)) };
}

/** One series as CSV (RFC 4180, a formula made text: platform/csv.ts, the one rule of every CSV the app writes). */
export function toCsv(series: Series): string {
  return csvText(series.columns, series.rows.map((row) => series.columns.map((c) => row[c] ?? null)));
}
