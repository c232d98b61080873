import type { AppEvent, AppNewEvent, EventData, EventType } from '../../../../events/catalog.js';
import { MAX_PLANS_PER_KIND } from '../../../../contract/plans/planLimits.js';
import { Rejected } from '../../../../events/rejected.js';
import type { EventStore, NewEvent } from '../../../../events/store/port.js';
import { load, type Evolver } from '../execute.js';
import { decided, loaded, type Decided, type Flow } from '../flow.js';

/**
 * "Exactly one primary plan, and the primary cannot be deleted", for every kind of plan (workout regimens, meal
 * plans). These are rules over all of a user's plans of one kind, so they are decided on one per-user roster stream
 * per kind, where optimistic concurrency serialises a select racing a delete. The plans' own streams hold their
 * content and progress; the roster holds only which is primary and which are deleted.
 */
export interface PlanRoster {
  primaryId: string | null;
  deletedIds: string[];
  /** Plans saved since the roster began counting them (plans saved before that are not here). */
  listedIds: string[];
  /** The name each listed plan was saved under, where its listing recorded one. */
  names: Record<string, string>;
}


/** One plan as its own stream has it, in the words every kind shares. */
export type PlanState = { status: 'none' } | { status: 'saved'; userId: string };
export type PlanRef = { status: 'none' } | { status: 'saved'; planId: string; userId: string; currentDay: number };
type PlanRefState = { status: 'none' } | { status: 'saved'; userId: string; currentDay: number };

/** What the roster records, in the words every kind shares. */
export interface SelectedFact { userId: string; planId: string; previousId: string | null; currentDay: number; now: string }
export interface DeletedFact { userId: string; planId: string; now: string }
export interface ListedFact { userId: string; planId: string; name: string; now: string }

/** The keys of `T` whose values are strings. */
type TextField<T> = { [K in keyof T]-?: T[K] extends string ? K : never }[keyof T] & string;

/**
 * What one kind of plan brings: its streams, its plans' fold, its roster's three events (each built with `newEvent`,
 * so the compiler checks every field against the catalog), the field naming the plan in them and in the plan's
 * state, and its words.
 */
export interface PlanKindDefinition<S extends PlanRefState, Sel extends EventType, Del extends EventType, Lst extends EventType> {
  streams: { roster(userId: string): string; plan(planId: string): string };
  plan: Evolver<S>;
  events: {
    selected: (fact: SelectedFact) => NewEvent<Sel, EventData<Sel>>;
    deleted: (fact: DeletedFact) => NewEvent<Del, EventData<Del>>;
    listed: (fact: ListedFact) => NewEvent<Lst, EventData<Lst>>;
  };
  id: TextField<EventData<Sel>> & TextField<EventData<Del>> & TextField<EventData<Lst>> & TextField<Extract<S, { status: 'saved' }>>;
  /** `full`: the refusal when the account keeps MAX_PLANS_PER_KIND plans of the kind already. */
  words: { noSuchPlan: string; primaryCannotBeDeleted: string; full: string };
}

/** A kind of plan as the roster's rules and flows use them; `S` is its plans' state, which the rules never read. */
export interface PlanKind<S = unknown> {
  rosterStream(userId: string): string;
  /** The roster's fold; one object per kind, so `load` keeps one snapshot of each user's roster. */
  roster: Evolver<PlanRoster>;
  planStream(planId: string): string;
  plan: Evolver<S>;
  refOf(state: S): PlanRef;
  selected(fact: SelectedFact): AppNewEvent;
  deleted(fact: DeletedFact): AppNewEvent;
  listed(fact: ListedFact): AppNewEvent;
  noSuchPlan: string;
  primaryCannotBeDeleted: string;
  full: string;
}

export function planKind<S extends PlanRefState, Sel extends EventType, Del extends EventType, Lst extends EventType>({
  streams,
  plan,
  events,
  id,
  words,
}: PlanKindDefinition<S, Sel, Del, Lst>): PlanKind<S> {
  // The types the fold reads are those the builders write (they are pure, so asking them once is enough).
  const types = {
    selected: events.selected({ userId: '', planId: '', previousId: null, currentDay: 1, now: '' }).type,
    deleted: events.deleted({ userId: '', planId: '', now: '' }).type,
    listed: events.listed({ userId: '', planId: '', name: '', now: '' }).type,
  };
  // `id` is a text field of each of these (the definition's type says so), read here by name.
  const field: string = id;
  const idIn = (data: object) => (data as Record<string, string>)[field]!;
  const initialState: PlanRoster = { primaryId: null, deletedIds: [], listedIds: [], names: {} };
  const evolve = (state: PlanRoster, event: AppEvent): PlanRoster => {
    if (event.type === types.selected) return { ...state, primaryId: idIn(event.data) };
    if (event.type === types.deleted) return { ...state, deletedIds: [...state.deletedIds, idIn(event.data)] };
    if (event.type === types.listed) {
      const name = (event.data as { name?: string }).name;
      const planId = idIn(event.data);
      return { ...state, listedIds: [...state.listedIds, planId], names: name === undefined ? state.names : { ...state.names, [planId]: name } };
    }
    return state;
  };
  return {
    rosterStream: streams.roster,
    roster: { initialState, evolve },
    planStream: streams.plan,
    plan,
    refOf: (state) => (state.status === 'none' ? state : { status: 'saved', planId: idIn(state), userId: state.userId, currentDay: state.currentDay }),
    // Each is one of the catalog's events (its builder is typed so); a generic type cannot show TypeScript that.
    selected: events.selected as (fact: SelectedFact) => AppNewEvent,
    deleted: events.deleted as (fact: DeletedFact) => AppNewEvent,
    listed: events.listed as (fact: ListedFact) => AppNewEvent,
    ...words,
  };
}

/** The plan if the caller owns it and has not deleted it; otherwise the same 404 whoever owns it, so ids cannot be probed. */
export function ownedPlan<P extends PlanState>(plan: P, userId: string, deleted: boolean, noSuchPlan: string): Extract<P, { status: 'saved' }> {
  if (plan.status === 'none' || plan.userId !== userId || deleted) throw new Rejected('not_found', noSuchPlan);
  return plan as Extract<P, { status: 'saved' }>;
}

export type RosterCommand =
  /** After a save: the plan is listed, and a plan saved while the user has no primary of its kind becomes primary. */
  | { type: 'ListSavedPlan'; userId: string; planId: string; name: string; now: string }
  /** The plan, as its own stream has it (its owner and day), loaded by the flow. */
  | { type: 'SelectPrimary'; userId: string; plan: PlanRef; now: string }
  | { type: 'DeletePlan'; userId: string; plan: PlanRef; now: string };

export function decideRoster(kind: PlanKind, roster: PlanRoster, command: RosterCommand): AppNewEvent[] {
  const { userId, now } = command;
  switch (command.type) {
    case 'ListSavedPlan': {
      // A retried save lists nothing twice (a second listing would count against the cap and rename it).
      if (roster.listedIds.includes(command.planId)) return [];
      const listed = kind.listed({ userId, planId: command.planId, name: command.name, now });
      if (roster.primaryId !== null) return [listed];
      return [listed, kind.selected({ userId, planId: command.planId, previousId: null, currentDay: 1, now })];
    }
    case 'SelectPrimary': {
      const plan = owned(kind, roster, command);
      // Selecting the plan that is already primary changes nothing.
      if (roster.primaryId === plan.planId) return [];
      return [kind.selected({ userId, planId: plan.planId, previousId: roster.primaryId, currentDay: plan.currentDay, now })];
    }
    case 'DeletePlan': {
      const plan = owned(kind, roster, command);
      if (roster.primaryId === plan.planId) throw new Rejected('conflict', kind.primaryCannotBeDeleted);
      return [kind.deleted({ userId, planId: plan.planId, now })];
    }
    default:
      return command satisfies never;
  }
}

const owned = (kind: PlanKind, roster: PlanRoster, { userId, plan }: { userId: string; plan: PlanRef }) =>
  ownedPlan(plan, userId, plan.status === 'saved' && roster.deletedIds.includes(plan.planId), kind.noSuchPlan);

/** Refuses a save when the account already keeps the most plans of the kind (deleted ones do not count). */
export function roomForAnother(kind: PlanKind, roster: PlanRoster): void {
  const kept = roster.listedIds.filter((id) => !roster.deletedIds.includes(id)).length;
  if (kept >= MAX_PLANS_PER_KIND) throw new Rejected('conflict', kind.full);
}

/**
 * The name a new plan is saved under: the one asked for, or, when another plan of the kind the user keeps already
 * has it, the same with the first free number after it (two plans of one name are told apart by nobody, and a
 * workout is logged into the wrong one). Names differing only in case or spacing count as the same.
 */
export function distinctName(name: string, roster: PlanRoster): string {
  const key = (n: string) => n.trim().replace(/\s+/g, ' ').toLowerCase();
  const taken = new Set(roster.listedIds.filter((id) => !roster.deletedIds.includes(id) && roster.names[id] !== undefined).map((id) => key(roster.names[id]!)));
  if (!taken.has(key(name))) return name;
  for (let n = 2; ; n += 1) {
    const candidate = `${name} (${n})`;
    if (!taken.has(key(candidate))) return candidate;
  }
}

/**
 * Saving a plan: its own stream, then the owner's roster, where it is listed and, saved while the user has no primary
 * of its kind, becomes primary. The roster is read first, so a save past the cap writes nothing; two saves racing at
 * the cap may both pass, which overshoots it by one, not without bound. `steps` name the two appends (see
 * `decided`). Returns the position of what was appended.
 */
export function* savePlan<S>(
  kind: PlanKind<S>,
  { userId, planId, name: asked, now }: { userId: string; planId: string; name: string; now: string },
  save: (state: S, name: string) => AppNewEvent[],
  steps: { plan?: string; roster: string },
): Flow<number> {
  const before = yield* loaded(kind.rosterStream(userId), kind.roster);
  roomForAnother(kind, before);
  const name = distinctName(asked, before);
  const saved = yield* decided(kind.planStream(planId), kind.plan, (state) => save(state, name), steps.plan);
  // Second stream. From here the plan is saved, and the answer says so whatever becomes of this step: should it fail
  // (a full disk, a lock held too long) or the process die, the workers list the plan from its saved event
  // (services/workers/src/plans/listSaved.ts), as this step would have.
  try {
    const listed = yield* listSavedPlan(kind, { userId, planId, name, now }, steps.roster);
    return Math.max(saved.position, listed.position);
  } catch {
    return saved.position;
  }
}

/**
 * The second step of a save: the plan is listed on its owner's roster, and made primary if the owner has none of its
 * kind. Done again, it changes nothing (`decideRoster` lists a plan once).
 */
export function* listSavedPlan(kind: PlanKind, fact: { userId: string; planId: string; name: string; now: string }, step?: string): Flow<Decided> {
  return yield* decided(kind.rosterStream(fact.userId), kind.roster, (roster) => decideRoster(kind, roster, { type: 'ListSavedPlan', ...fact }), step);
}

/** Select as primary, or delete, the plan the user names: the plan's own stream is read, the roster decides. */
export function* choosePlan(kind: PlanKind, command: { type: 'SelectPrimary' | 'DeletePlan'; userId: string; planId: string; now: string }): Flow<Decided> {
  const { type, userId, planId, now } = command;
  const plan = kind.refOf(yield* loaded(kind.planStream(planId), kind.plan));
  return yield* decided(kind.rosterStream(userId), kind.roster, (roster) => decideRoster(kind, roster, { type, userId, plan, now }));
}

/** Whether the user deleted the plan: the plans' own streams never say, their owner's roster does. */
export function* isDeleted(kind: PlanKind, userId: string, planId: string): Flow<boolean> {
  return (yield* loaded(kind.rosterStream(userId), kind.roster)).deletedIds.includes(planId);
}

/** The user's primary plan of this kind as the log has it now, or null (none yet, or one since deleted). */
export async function primaryPlanId(store: EventStore, kind: PlanKind, userId: string): Promise<string | null> {
  const { state } = await load(store, kind.rosterStream(userId), kind.roster);
  return state.primaryId !== null && !state.deletedIds.includes(state.primaryId) ? state.primaryId : null;
}

/**
 * The user's primary plan of this kind, as its own stream has it now, or null: none chosen, the primary since
 * deleted, or (a log edited by hand) a plan that is not the user's. One function for every kind of plan.
 */
export async function loadPrimaryPlan<S extends PlanRefState>(
  store: EventStore,
  kind: PlanKind<S>,
  userId: string,
): Promise<Extract<S, { status: 'saved' }> | null> {
  const planId = await primaryPlanId(store, kind, userId);
  if (planId === null) return null;
  const { state } = await load(store, kind.planStream(planId), kind.plan);
  return state.status === 'saved' && state.userId === userId ? (state as Extract<S, { status: 'saved' }>) : null;
}
