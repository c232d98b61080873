import { z } from 'zod';
import { claimEvents, userEvents } from './user.js';
import { mealPlanEvents, mealPlanRosterEvents } from './mealPlan.js';
import { foodLogEvents } from './foodLog.js';
import { ticketEvents } from './ticket.js';
import { waitlistEvents } from './waitlist.js';
import { metricsEvents } from './metrics.js';
import { regimenEvents, retiredRegimenEvents } from './regimen.js';
import { sessionEvents } from './session.js';
import { setEvents } from './sets.js';
import { exerciseEvents } from './exercises.js';
import { importEvents } from './imports.js';
import { subscriptionEvents } from './subscription.js';
import { chatEvents } from './chat.js';
import { pushEvents, reminderEvents } from './reminders.js';
import type { NewEvent, RecordedEvent } from './store/port.js';
import { believedMinutes } from './importedDuration.js';

/** Every event type the system records. A changed schema gets a new type (`X.v2`) and an upcaster below. */
export const eventSchemas = {
  ...userEvents,
  ...claimEvents,
  ...regimenEvents,
  ...sessionEvents,
  ...setEvents,
  ...exerciseEvents,
  ...importEvents,
  ...mealPlanEvents,
  ...mealPlanRosterEvents,
  ...foodLogEvents,
  ...ticketEvents,
  ...waitlistEvents,
  ...metricsEvents,
  ...subscriptionEvents,
  ...chatEvents,
  ...reminderEvents,
  ...pushEvents,
};

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
export type AppEvent = { [T in EventType]: RecordedEvent<T, EventData<T>> }[EventType];
export type AppNewEvent = { [T in EventType]: NewEvent<T, EventData<T>> }[EventType];

/** Builds a new event with its data type checked against the catalog. */
export function newEvent<T extends EventType>(type: T, data: EventData<T>, id?: string): NewEvent<T, EventData<T>> {
  return id ? { id, type, data } : { type, data };
}

export class UnknownEventTypeError extends Error {}
export class InvalidEventError extends Error {}

/** Checks each event against its schema before it is stored; an event the catalog does not know is refused. */
export function validateForAppend(events: NewEvent[]): void {
  for (const event of events) {
    const schema = (eventSchemas as Record<string, z.ZodType>)[event.type];
    if (!schema) throw new UnknownEventTypeError(`unknown event type ${event.type}`);
    const parsed = schema.safeParse(event.data);
    if (!parsed.success) {
      throw new InvalidEventError(`${event.type}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    }
  }
}

/**
 * Old versions of an event, turned into the current one as they are read. An upcaster may keep the type, to repair
 * what an older version of the code wrote under it (every reader of the log, `npm run replay` included, then reads the
 * repair).
 */
const upcasters: Record<string, (event: RecordedEvent) => RecordedEvent> = {
  // The importer once wrote durations whose end no Date holds ("99999999999999h"): read as not known (0 minutes).
  WorkoutsImported: (event) => {
    const data = event.data as EventData<'WorkoutsImported'>;
    if (!Array.isArray(data.workouts) || data.workouts.every((w) => believedMinutes(w.startedAt, w.durationMinutes) === w.durationMinutes)) return event;
    const workouts = data.workouts.map((w) => ({ ...w, durationMinutes: believedMinutes(w.startedAt, w.durationMinutes) }));
    return { ...event, data: { ...data, workouts } satisfies EventData<'WorkoutsImported'> };
  },
  // v1 kept whole-number reps only: as written it is that number, and it is its own lower bound.
  RegimenSaved: (event) => {
    const data = retiredRegimenEvents.RegimenSaved.parse(event.data);
    const days = data.days.map((d) => ({ ...d, exercises: d.exercises.map((e) => ({ ...e, reps: String(e.reps), targetReps: e.reps })) }));
    return { ...event, type: 'RegimenSaved.v2', data: { ...data, days } satisfies EventData<'RegimenSaved.v2'> };
  },
};

/** Stored types that are read as another type: a reader filtering the log by type must also fetch these. */
export const upcastTypes = (): string[] => Object.keys(upcasters);

export function upcast(event: RecordedEvent): RecordedEvent {
  const up = upcasters[event.type];
  if (!up) return event;
  const next = up(event);
  return next.type === event.type ? next : upcast(next);
}
