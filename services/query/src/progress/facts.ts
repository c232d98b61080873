import { localDate } from '../../../platform/time.js';
import type { Measurement } from '../accounts/api.js';
import type { RegimenDoc } from '../training/api.js';
import { isWorkoutSession } from '../training/api.js';
import { quartersShownUp } from './activity.projection.js';
import { addDays, localDays, mondayOf, streaks, weekDays } from './calendar.js';
import type { ShownSession } from './screens.projection.js';
import type { UserFacts } from './userFacts.js';

/**
 * The dated facts of one user seen from one moment in their time zone: what both the dashboard and the progress
 * page derive their numbers from, computed in one place so the two screens never disagree.
 */
export class UserDay {
  readonly today: string;
  readonly monday: string;
  readonly timeZone: string;

  constructor(
    readonly facts: UserFacts,
    now: Date,
  ) {
    this.timeZone = facts.profile.time_zone;
    this.today = localDate(now, this.timeZone);
    this.monday = mondayOf(this.today);
    this.sunday = addDays(this.monday, 6);
  }
  private readonly sunday: string;

  // Many facts share a day, and turning an instant into a local date is the costly part of every answer here.
  private readonly days = new Map<string, string>();
  day = (instant: string) => {
    let day = this.days.get(instant);
    if (day === undefined) {
      day = localDate(instant, this.timeZone);
      this.days.set(instant, day);
    }
    return day;
  };
  inThisWeek = (instant: string) => this.dayInThisWeek(this.day(instant));
  /** Whether a local date falls in this week, Monday to Sunday. */
  dayInThisWeek = (date: string) => date >= this.monday && date <= this.sunday;

  /**
   * The local days the person showed up: opened the app signed in, logged in, logged a set, an exercise, a meal or
   * a weight (docs/adr/0097-a-streak-counts-the-days-a-person-showed-up.md).
   */
  get activeDays() {
    return (this.#activeDays ??= localDays(quartersShownUp(this.facts.activity ?? []), this.day));
  }
  #activeDays?: string[];

  get streaks() {
    return streaks(this.activeDays, this.today, this.facts.shownUpBefore);
  }

  /** 0 Monday … 6 Sunday: the days of this week the person showed up. */
  get weekActiveDays() {
    return weekDays(this.activeDays, this.today);
  }

  /**
   * The workouts: sessions that were ended (stopped on the plans page or ended in the tracker) with at least one
   * exercise logged, oldest first. A session started and ended with nothing logged is not a workout (docs/adr/0064): it
   * counts nowhere, not this week, not in the weekly history, not in minutes, not as the day's workout done.
   */
  get finishedSessions(): ShownSession[] {
    return (this.#finishedSessions ??= (this.facts.sessions?.history ?? []).filter(isWorkoutSession));
  }
  #finishedSessions?: ShownSession[];

  /** The ids of the sessions that count as workouts. */
  get workoutSessionIds(): Set<string> {
    return (this.#workoutSessionIds ??= new Set(this.finishedSessions.map((s) => s.session_id)));
  }
  #workoutSessionIds?: Set<string>;

  /**
   * The account's first local day: sign-up records the first measurement, so it is the earliest of that and the
   * first day shown up (today for an account with neither). Charts start here, not before the account existed; the
   * workouts chart starts earlier where imported workouts do (they were done before the account, and are the person's).
   */
  get firstDay(): string {
    const shownUpBefore = this.facts.shownUpBefore && this.day(this.facts.shownUpBefore.first_at);
    const candidates = [this.measurements[0]?.date, shownUpBefore ?? this.activeDays[0], this.today].filter((d): d is string => d !== undefined);
    return candidates.reduce((a, b) => (a < b ? a : b));
  }

  get primaryRegimen(): RegimenDoc | undefined {
    const doc = this.facts.regimens;
    return doc?.regimens.find((r) => r.regimen_id === doc.primary_regimen_id);
  }

  get mealLogs() {
    return this.facts.mealLogs?.logs ?? [];
  }

  /** Measurements in order, and each one's local date. */
  get measurements(): Array<Measurement & { date: string }> {
    return (this.#measurements ??= (this.facts.measurements?.history ?? []).map((m) => ({ ...m, date: this.day(m.at) })));
  }
  #measurements?: Array<Measurement & { date: string }>;

  /** A session's minutes: what the tracker sent, else its running time. */
  static minutesOf(session: Pick<ShownSession, 'total_duration_minutes' | 'runtime_seconds'>): number {
    if (session.total_duration_minutes !== null) return session.total_duration_minutes;
    return Math.round((session.runtime_seconds ?? 0) / 60);
  }
}

/** The first and last non-null value of a field across measurements. */
export function firstAndLast<K extends 'weight_lb' | 'body_fat_percentage' | 'muscle_percentage'>(measurements: Measurement[], field: K) {
  const values = measurements.map((m) => m[field]).filter((v): v is number => v !== null);
  return { first: values[0] ?? null, last: values[values.length - 1] ?? null };
}
