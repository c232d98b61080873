import type { AppEvent, EventType } from '../../../../events/catalog.js';
import { exerciseIdentity } from '../../../domain/training/exerciseIdentity.js';
import { isKnownZone, localDate } from '../../../platform/time.js';
import type { Measurement, ProfileDoc } from '../accounts/api.js';
import { profilesProjection } from '../accounts/api.js';
import type { FoodEntryView, MealLogView, MealPlanListDoc } from '../nutrition/api.js';
import { mealLogView, mealPlanListsProjection } from '../nutrition/api.js';
import { erasesAccount, type Projection } from '../projection.js';
import type { RegimenDoc, RegimenListDoc, SessionDoc } from '../training/api.js';
import { applyToSession, importedSession, isWorkoutSession, regimenListsProjection, regimensProjection, SESSION_EVENTS, startedSession, type SessionFact } from '../training/api.js';
import { activityProjection, quartersShownUp, type ActivityDoc } from './activity.projection.js';
import { carryStreak, localDays, type StreakCarry } from './calendar.js';

/**
 * An ended workout as the dashboard and /prog read it: its dates, its length, its plan day, and one entry per
 * exercise logged in it (the count is all they show), not its sets.
 */
export interface ShownSession extends Pick<SessionDoc, 'session_id' | 'regimen_id' | 'day_number' | 'start_time' | 'status' | 'end_time' | 'runtime_seconds' | 'total_duration_minutes'> {
  exercises: readonly { workout_name: string }[];
  imported?: Pick<NonNullable<SessionDoc['imported']>, 'import_id' | 'app' | 'name'>;
}

/** One import's workouts as the screens may show them; they count once the import completed. */
export interface ImportShown {
  import_id: string;
  completed: boolean;
  sessions: ShownSession[];
}

/**
 * What the dashboard (GET /api/dashboard/summary) and /prog (GET /api/progress/overview) read of one person, in one
 * doc keyed by the user (docs/adr/0417-the-dashboard-and-progress-read-one-small-doc.md): the profile, the plans, and
 * of every history only what those answers can still show, however long the person has kept it. What an answer at any
 * moment from `seen` on does not look at is dropped as the events come, judged by the dates the events were recorded
 * at, never by a clock: the fold stays pure and a rebuild writes the same doc.
 */
export interface ScreensDoc {
  user_id: string;
  /** The latest instant an event of the person's own was recorded at (an import's aside): no answer is drawn before it. */
  seen: string;
  /** The histories are cut to what the answers read (`withKept`) again once `seen` reaches this instant, */
  cut_after: string;
  /** or once they hold `CUT_EVERY_ITEMS` more items than this, their count after the last cut (`itemsIn`). */
  cut_items: number;
  profile: ProfileDoc | null;
  regimen_list: RegimenListDoc | null;
  /** Every live workout plan as its own doc holds it (the primary can change to any of them), without its exercises. */
  regimens: RegimenDoc[];
  /**
   * Which meal plan is the primary. Its meals are read from the plan's own doc beside this one (`readScreens`): any
   * plan can become the primary, and a hundred plans whole would outgrow the doc's bound.
   */
  meal_plan_list: MealPlanListDoc | null;
  /** The UTC quarter hours shown up, of the recent months only (the year docs of activity.projection.ts, older months emptied). */
  shown_up: ActivityDoc[];
  /** The days shown up in the months emptied, as the streaks carry them on; null before any was. */
  shown_up_before: StreakCarry | null;
  /** The measurements the answers read, in the order recorded (`keptMeasurements`). */
  measurements: Measurement[];
  /** Sessions going on, whole: their sets make the exercises counted once they end. */
  open_sessions: SessionDoc[];
  /** The person's own ended workouts still shown (`keptSessions`), in the order ended. */
  sessions: ShownSession[];
  /** Imports' workouts by import, each kept by the same rule on its own, so an undone import leaves nothing behind. */
  imports: ImportShown[];
  /** Planned meals logged, in the order logged: the last month's, and the latest before it (recent activity). */
  meal_logs: MealLogView[];
  /** Foods logged for the days of the last month on, in the order logged. */
  food_entries: FoodEntryView[];
}

const DAY_MS = 86_400_000;
/**
 * How far back from `seen` each history is kept, in UTC days: the window its answer looks back from its day, a
 * day for the person's zone, and a day to spare. Workouts: the eight weeks of the workouts chart from a Monday.
 */
const SESSION_DAYS = 62;
/** Body measurements: the three months of the body charts. */
const MEASUREMENT_DAYS = 95;
/** Meals and foods: the month of the calories chart. */
const EATEN_DAYS = 34;
/** Days shown up: this week's boxes; the months before the one this reaches into are carried as streaks. */
const SHOWN_UP_DAYS = 9;
/** Days between two cuts of the histories: the doc holds at most this many days more than its windows, */
const CUT_EVERY_DAYS = 7;
/** and at most this many items more (workouts, measurements, meals and foods), however they are dated. */
const CUT_EVERY_ITEMS = 50;
/** The items of the person's own histories the cut keeps to their windows. */
const itemsIn = (doc: ScreensDoc) => doc.sessions.length + doc.open_sessions.length + doc.measurements.length + doc.meal_logs.length + doc.food_entries.length;
/** The latest items (meals logged, workouts) /prog lists as recent activity, however old. */
export const RECENT_ACTIVITY_ITEMS = 10;
/** Measurement days the dashboard lists as its recent progress rows. */
const RECENT_MEASUREMENT_DAYS = 4;

const instantBefore = (seen: string, days: number) => new Date(Date.parse(seen) - days * DAY_MS).toISOString();
const byMonth = (instant: string) => instant.slice(0, 7);

/** The events of imports: they bring facts of the past, so they do not move `seen`. */
const IMPORT_EVENTS = ['WorkoutsImported', 'ImportCompleted', 'ImportUndone'] as const;
const IMPORT_TYPES = new Set<string>(IMPORT_EVENTS);
const isImportEvent = (type: string) => IMPORT_TYPES.has(type);

/** The plans' and profile's own folds, applied here to their docs as they apply them to theirs. */
const delegated = [profilesProjection, regimenListsProjection, regimensProjection, mealPlanListsProjection] as const;

const OWN_EVENTS = [
  ...new Set<EventType>([
    ...delegated.flatMap((p) => p.handles),
    ...activityProjection.handles,
    ...SESSION_EVENTS,
    'MeasurementRecorded',
    'MealLogged',
    'MealLogUndone',
    'FoodLogged',
    'FoodLogEntryDeleted',
  ]),
];

export const screensProjection: Projection<ScreensDoc> = {
  name: 'userScreens',
  handles: [...new Set<EventType>([...OWN_EVENTS, ...IMPORT_EVENTS, 'AccountDeleted'])],
  erases: erasesAccount,
  key: (event) => (event.data as { userId: string }).userId,
  evolve(doc, event) {
    const userId = (event.data as { userId: string }).userId;
    const current = doc ?? emptyDoc(userId);
    if (isImportEvent(event.type)) return withKept({ ...current, imports: importsAfter(current.imports, event) });
    const seen = event.metadata.at > current.seen ? event.metadata.at : current.seen;
    const next = ownAfter({ ...current, seen }, event);
    // The histories are cut once a week of `seen`, or sooner once they have grown by `CUT_EVERY_ITEMS` since the last
    // cut (however the items are dated): what an answer no longer reads stays a little longer (more of a history never
    // changes an answer), the doc stays within its bound, and the events of a week do not each walk it.
    if (seen < current.cut_after && itemsIn(next) < current.cut_items + CUT_EVERY_ITEMS) return next;
    const kept = withKept({ ...next, cut_after: instantBefore(seen, -CUT_EVERY_DAYS) });
    return { ...kept, cut_items: itemsIn(kept) };
  },
};

/** Before any event of the person's own: every history is kept whole. */
const NOTHING_SEEN = '1970-01-01T00:00:00.000Z';

function emptyDoc(userId: string): ScreensDoc {
  return {
    user_id: userId,
    seen: NOTHING_SEEN,
    cut_after: NOTHING_SEEN,
    cut_items: 0,
    profile: null,
    regimen_list: null,
    regimens: [],
    meal_plan_list: null,
    shown_up: [],
    shown_up_before: null,
    measurements: [],
    open_sessions: [],
    sessions: [],
    imports: [],
    meal_logs: [],
    food_entries: [],
  };
}

/** The types each delegated fold reads, as sets: asked for every one of a person's events. */
const typesOf = (p: { handles: readonly string[] }) => new Set<string>(p.handles);
const PROFILE_TYPES = typesOf(profilesProjection);
const REGIMEN_LIST_TYPES = typesOf(regimenListsProjection);
const MEAL_PLAN_LIST_TYPES = typesOf(mealPlanListsProjection);
const REGIMEN_TYPES = typesOf(regimensProjection);
const ACTIVITY_TYPES = typesOf(activityProjection);
const SESSION_TYPES = new Set<string>(SESSION_EVENTS);

function ownAfter(doc: ScreensDoc, event: AppEvent): ScreensDoc {
  let next = doc;
  if (PROFILE_TYPES.has(event.type)) next = { ...next, profile: profilesProjection.evolve(next.profile ?? undefined, event) ?? null };
  if (REGIMEN_LIST_TYPES.has(event.type)) next = { ...next, regimen_list: regimenListsProjection.evolve(next.regimen_list ?? undefined, event) ?? null };
  if (MEAL_PLAN_LIST_TYPES.has(event.type)) next = { ...next, meal_plan_list: mealPlanListsProjection.evolve(next.meal_plan_list ?? undefined, event) ?? null };
  if (REGIMEN_TYPES.has(event.type)) {
    const id = (event.data as { regimenId: string }).regimenId;
    next = { ...next, regimens: replaced(next.regimens, (r) => r.regimen_id === id, (r) => withoutExercises(regimensProjection.evolve(r, event))) };
  }
  if (ACTIVITY_TYPES.has(event.type)) {
    const year = activityProjection.key(event).slice(-4);
    next = { ...next, shown_up: replaced(next.shown_up, (d) => d.year === year, (d) => activityProjection.evolve(d, event)) };
  }
  if (SESSION_TYPES.has(event.type)) next = sessionsAfter(next, { type: event.type, data: event.data } as SessionFact);
  switch (event.type) {
    case 'MeasurementRecorded': {
      const { measuredAt, weightLb, bodyFatPercentage, musclePercentage } = event.data;
      return { ...next, measurements: [...next.measurements, { at: measuredAt, weight_lb: weightLb, body_fat_percentage: bodyFatPercentage, muscle_percentage: musclePercentage }] };
    }
    case 'MealLogged': {
      const log = mealLogView(event.data);
      return { ...next, meal_logs: [...next.meal_logs, log] };
    }
    // As the meal logs' month docs: a fact is looked for in the month its event names.
    case 'MealLogUndone': {
      const { mealLogId, loggedAt } = event.data;
      return { ...next, meal_logs: next.meal_logs.filter((l) => !(l.meal_log_id === mealLogId && byMonth(l.logged_at) === byMonth(loggedAt))) };
    }
    case 'FoodLogged': {
      const { userId: _userId, ...entry } = event.data;
      const month = byMonth(entry.day);
      return { ...next, food_entries: [...next.food_entries.filter((e) => !(e.entryId === entry.entryId && byMonth(e.day) === month)), entry] };
    }
    case 'FoodLogEntryDeleted': {
      const { entryId, day } = event.data;
      return { ...next, food_entries: next.food_entries.filter((e) => !(e.entryId === entryId && byMonth(e.day) === byMonth(day))) };
    }
    default:
      return next;
  }
}

/** A plan as the screens read it: its days' names and its progress, not the exercises of its days (a swap finds none to change). */
function withoutExercises(regimen: RegimenDoc | undefined): RegimenDoc | undefined {
  if (!regimen?.workouts.some((w) => w.exercises.length > 0)) return regimen;
  return { ...regimen, workouts: regimen.workouts.map((w) => ({ ...w, exercises: [] })) };
}

/** The list with the item `matches` picks changed by `change` (added when there is none; removed when it gives undefined). */
function replaced<D>(items: D[], matches: (item: D) => boolean, change: (item: D | undefined) => D | undefined): D[] {
  const at = items.findIndex(matches);
  const changed = change(at < 0 ? undefined : items[at]);
  if (at < 0) return changed === undefined ? items : [...items, changed];
  if (changed === items[at]) return items;
  return changed === undefined ? [...items.slice(0, at), ...items.slice(at + 1)] : [...items.slice(0, at), changed, ...items.slice(at + 1)];
}

/** A session event: the session's one fold while it goes on; at its end a workout is kept as shown, anything else dropped. */
function sessionsAfter(doc: ScreensDoc, fact: SessionFact): ScreensDoc {
  if (fact.type === 'WorkoutSessionStarted') {
    const known = doc.open_sessions.some((s) => s.session_id === fact.data.sessionId) || doc.sessions.some((s) => s.session_id === fact.data.sessionId);
    return known ? doc : { ...doc, open_sessions: [...doc.open_sessions, startedSession(fact.data)] };
  }
  const at = doc.open_sessions.findIndex((s) => s.session_id === fact.data.sessionId);
  if (at < 0) return doc;
  const session = applyToSession(doc.open_sessions[at]!, fact);
  if (session.status !== 'Ended') return { ...doc, open_sessions: doc.open_sessions.map((s, i) => (i === at ? session : s)) };
  const open = doc.open_sessions.filter((_, i) => i !== at);
  return { ...doc, open_sessions: open, sessions: isWorkoutSession(session) ? [...doc.sessions, shownSession(session)] : doc.sessions };
}

/** A session as the screens read it: one exercise entry per exercise logged (`exercisesLoggedIn` counts them). */
function shownSession(s: SessionDoc): ShownSession {
  const names = new Map<string, string>();
  for (const e of s.exercises) {
    const key = exerciseIdentity(e.workout_name).key;
    if (!names.has(key)) names.set(key, e.workout_name);
  }
  return {
    session_id: s.session_id,
    regimen_id: s.regimen_id,
    day_number: s.day_number,
    start_time: s.start_time,
    status: s.status,
    end_time: s.end_time,
    runtime_seconds: s.runtime_seconds,
    total_duration_minutes: s.total_duration_minutes,
    exercises: [...names.values()].map((workout_name) => ({ workout_name })),
    ...(s.imported && { imported: { import_id: s.imported.import_id, app: s.imported.app, name: s.imported.name } }),
  };
}

function importsAfter(imports: ImportShown[], event: AppEvent): ImportShown[] {
  switch (event.type) {
    case 'WorkoutsImported': {
      const { importId, source, workouts } = event.data;
      const sessions = workouts.map((w) => importedSession(importId, source, w)).filter(isWorkoutSession).map(shownSession);
      return replaced(imports, (i) => i.import_id === importId, (i) => ({ import_id: importId, completed: i?.completed ?? false, sessions: [...(i?.sessions ?? []), ...sessions] }));
    }
    case 'ImportCompleted': {
      const { importId } = event.data;
      return replaced(imports, (i) => i.import_id === importId, (i) => ({ import_id: importId, completed: true, sessions: i?.sessions ?? [] }));
    }
    case 'ImportUndone':
      return imports.filter((i) => i.import_id !== event.data.importId);
    default:
      return imports;
  }
}

/** The doc with every history cut to what an answer drawn at `seen` or later reads. */
function withKept(doc: ScreensDoc): ScreensDoc {
  const eatenFrom = instantBefore(doc.seen, EATEN_DAYS).slice(0, 10);
  const referenced = new Set(doc.regimens.flatMap((r) => r.completions.map((c) => c.session_id)));
  return {
    ...doc,
    ...keptShownUp(doc),
    measurements: keptMeasurements(doc.measurements, doc.seen),
    sessions: keptSessions(doc.sessions, doc.seen, referenced),
    imports: doc.imports.map((i) => ({ ...i, sessions: keptSessions(i.sessions, doc.seen, referenced) })),
    meal_logs: keptLatest(doc.meal_logs, (l) => l.logged_at, instantBefore(doc.seen, EATEN_DAYS)),
    food_entries: keptIf(doc.food_entries, (e) => e.day >= eatenFrom),
  };
}

/** The same list when nothing goes, so an unchanged history is the same object. */
function keptIf<T>(items: T[], keep: (item: T, index: number) => boolean): T[] {
  const kept = items.filter(keep);
  return kept.length === items.length ? items : kept;
}

/** The items dated from `since` on, and the `RECENT_ACTIVITY_ITEMS` latest before it (recent activity lists the latest of any age). */
function keptLatest<T>(items: T[], dateOf: (item: T) => string, since: string, also: (item: T) => boolean = () => false): T[] {
  const before = items.filter((item) => dateOf(item) < since);
  if (before.length <= RECENT_ACTIVITY_ITEMS) return items;
  const latest = new Set(before.sort((a, b) => (dateOf(a) > dateOf(b) ? -1 : dateOf(a) < dateOf(b) ? 1 : 0)).slice(0, RECENT_ACTIVITY_ITEMS));
  return keptIf(items, (item) => dateOf(item) >= since || latest.has(item) || also(item));
}

/**
 * Workouts: those ended in the workouts chart's weeks, the latest before them (recent activity), the first of all
 * (where the workouts chart may start), and those a plan's kept completions name (the workout card's days done).
 */
function keptSessions(sessions: ShownSession[], seen: string, referenced: ReadonlySet<string>): ShownSession[] {
  const first = sessions.reduce<ShownSession | undefined>((a, s) => (a === undefined || s.end_time! < a.end_time! ? s : a), undefined);
  return keptLatest(sessions, (s) => s.end_time!, instantBefore(seen, SESSION_DAYS), (s) => s === first || referenced.has(s.session_id));
}

/**
 * Measurements: those of the body charts' months; the first (the account's first day), the first and last with a
 * weight and with a body fat (the snapshot's start and now); and the latest days of any age the dashboard lists,
 * every measurement from the start of the UTC date that leaves twice as many dates after it (a local day lies
 * across at most two UTC dates, so those hold the latest days whole in any zone).
 */
function keptMeasurements(history: Measurement[], seen: string): Measurement[] {
  const since = instantBefore(seen, MEASUREMENT_DAYS);
  const firstWith = (field: 'weight_lb' | 'body_fat_percentage') => history.findIndex((m) => m[field] !== null);
  const lastWith = (field: 'weight_lb' | 'body_fat_percentage') => history.findLastIndex((m) => m[field] !== null);
  const ends = new Set([0, firstWith('weight_lb'), lastWith('weight_lb'), firstWith('body_fat_percentage'), lastWith('body_fat_percentage')]);
  const dates = [...new Set(history.map((m) => m.at.slice(0, 10)))].sort().reverse();
  const latestFrom = dates[Math.min(dates.length, 2 * RECENT_MEASUREMENT_DAYS + 1) - 1] ?? '';
  return keptIf(history, (m, i) => m.at >= since || ends.has(i) || m.at.slice(0, 10) >= latestFrom);
}

/**
 * Days shown up: the UTC months from the one `SHOWN_UP_DAYS` before `seen` on stay as quarter hours (this week's
 * boxes read them in the zone of the moment); the days of the months before are carried on in the streaks, in the
 * profile's zone as they are carried.
 */
function keptShownUp(doc: ScreensDoc): Pick<ScreensDoc, 'shown_up' | 'shown_up_before'> {
  const from = instantBefore(doc.seen, SHOWN_UP_DAYS).slice(0, 7);
  const old = (d: ActivityDoc) => d.months.some((m, i) => m !== '' && `${d.year}-${String(i + 1).padStart(2, '0')}` < from);
  if (!doc.shown_up.some(old)) return { shown_up: doc.shown_up, shown_up_before: doc.shown_up_before };
  const before: ActivityDoc[] = [];
  const kept: ActivityDoc[] = [];
  for (const d of doc.shown_up) {
    const months = d.months.map((m, i) => (`${d.year}-${String(i + 1).padStart(2, '0')}` < from ? m : ''));
    before.push({ ...d, months });
    const after = d.months.map((m, i) => (`${d.year}-${String(i + 1).padStart(2, '0')}` < from ? '' : m));
    if (after.some((m) => m !== '')) kept.push({ ...d, months: after });
  }
  const quarters = quartersShownUp(before);
  // A zone the commands would have refused (the log admits any text) counts in UTC rather than halting the fold.
  const profileZone = doc.profile?.time_zone;
  const zone = profileZone !== undefined && isKnownZone(profileZone) ? profileZone : 'UTC';
  const days = localDays(quarters, (instant) => localDate(instant, zone));
  return { shown_up: kept, shown_up_before: carryStreak(doc.shown_up_before, days, quarters[0]!) };
}
