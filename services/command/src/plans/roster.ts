import type { AppEvent, AppNewEvent, EventType } from '../../../../events/catalog.js';
import { Rejected } from '../../../../events/rejected.js';
import type { EventStore } from '../../../../events/store/port.js';
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
}

/** One plan as its own stream has it, in the words every kind shares. */
export type PlanState = { status: 'none' } | { status: 'saved'; userId: string };
export type PlanRef = { status: 'none' } | { status: 'saved'; planId: string; userId: string; currentDay: number };
type PlanRefState = { status: 'none' } | { status: 'saved'; userId: string; currentDay: number };

/** What one kind of plan brings: its streams, its plans' fold, its roster's events, its words. */
export interface PlanKindDefinition<S extends PlanRefState> {
  streams: { roster(userId: string): string; plan(planId: string): string };
  plan: Evolver<S>;
  /**
   * The roster's two event types, and the field naming the plan in them and in the plan's state; `previous` names
   * the field for the primary plan replaced, where the kind's event has one.
   */
  events: { selected: EventType; deleted: EventType; id: string; previous?: string };
  words: { noSuchPlan: string; primaryCannotBeDeleted: string };
}
/** A kind of plan as the roster's rules and flows use it. */
// `any`: the roster's rules never look at a kind's own plan state, only at its `refOf`.
export interface PlanKind<S = any> {
  rosterStream(userId: string): string;
  /** The roster's fold; one object per kind, so `load` keeps one snapshot of each user's roster. */
  roster: Evolver<PlanRoster>;
  planStream(planId: string): string;
  plan: Evolver<S>;
  refOf(state: S): PlanRef;
  selected(fact: { userId: string; planId: string; previousId: string | null; currentDay: number; now: string }): AppNewEvent;
  deleted(fact: { userId: string; planId: string; now: string }): AppNewEvent;
  noSuchPlan: string;
  primaryCannotBeDeleted: string;
}

export function planKind<S extends PlanRefState>({ streams, plan, events, words }: PlanKindDefinition<S>): PlanKind<S> {
  const idIn = (data: unknown) => (data as Record<string, string>)[events.id]!;
  const initialState: PlanRoster = { primaryId: null, deletedIds: [] };
  const evolve = (state: PlanRoster, event: AppEvent): PlanRoster => {
    if (event.type === events.selected) return { ...state, primaryId: idIn(event.data) };
    if (event.type === events.deleted) return { ...state, deletedIds: [...state.deletedIds, idIn(event.data)] };
    return state;
  };
  return {
    rosterStream: streams.roster,
    roster: { initialState, evolve },
    planStream: streams.plan,
    plan,
    refOf: (state) => (state.status === 'none' ? state : { status: 'saved', planId: idIn(state), userId: state.userId, currentDay: state.currentDay }),
    // Built from field names, so typed loosely here: the catalog checks each against its schema on append.
    selected: ({ userId, planId, previousId, currentDay, now }) => {
      const previous = events.previous ? { [events.previous]: previousId } : {};
      return { type: events.selected, data: { userId, [events.id]: planId, ...previous, currentDay, selectedAt: now } } as AppNewEvent;
    },
    deleted: ({ userId, planId, now }) => ({ type: events.deleted, data: { userId, [events.id]: planId, deletedAt: now } }) as AppNewEvent,
    ...words,
  };
}

/** The plan if the caller owns it and has not deleted it; otherwise the same 404 whoever owns it, so ids cannot be probed. */
export function ownedPlan<P extends PlanState>(plan: P, userId: string, deleted: boolean, noSuchPlan: string): Extract<P, { status: 'saved' }> {
  if (plan.status === 'none' || plan.userId !== userId || deleted) throw new Rejected('not_found', noSuchPlan);
  return plan as Extract<P, { status: 'saved' }>;
}

export type RosterCommand =
  /** After a save: a plan saved while the user has no primary of its kind becomes primary. */
  | { type: 'SelectFirstPrimary'; userId: string; planId: string; now: string }
  /** The plan, as its own stream has it (its owner and day), loaded by the flow. */
  | { type: 'SelectPrimary'; userId: string; plan: PlanRef; now: string }
  | { type: 'DeletePlan'; userId: string; plan: PlanRef; now: string };

export function decideRoster(kind: PlanKind, roster: PlanRoster, command: RosterCommand): AppNewEvent[] {
  const { userId, now } = command;
  switch (command.type) {
    case 'SelectFirstPrimary':
      if (roster.primaryId !== null) return [];
      return [kind.selected({ userId, planId: command.planId, previousId: null, currentDay: 1, now })];
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

/**
 * Saving a plan: its own stream, then the owner's roster, where a plan saved while the user has no primary of its
 * kind becomes primary. `steps` name the two appends (see `decided`). Returns the position of what was appended.
 */
export function* savePlan<S>(
  kind: PlanKind<S>,
  { userId, planId, now }: { userId: string; planId: string; now: string },
  save: (state: S) => AppNewEvent[],
  steps: { plan?: string; roster: string },
): Flow<number> {
  const saved = yield* decided(kind.planStream(planId), kind.plan, save, steps.plan);
  // Second stream: if this step is lost the plan is still saved, only not primary; the next save or select heals it.
  const primary = yield* decided(
    kind.rosterStream(userId),
    kind.roster,
    (roster) => decideRoster(kind, roster, { type: 'SelectFirstPrimary', userId, planId, now }),
    steps.roster,
  );
  return Math.max(saved.position, primary.position);
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
