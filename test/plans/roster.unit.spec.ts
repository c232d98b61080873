import { expect } from 'chai';
import { newEvent, type AppNewEvent } from '../../events/catalog.js';
import { MAX_PLANS_PER_KIND } from '../../contract/plans/planLimits.js';
import { mealPlan } from '../../services/command/src/nutrition/mealPlan.js';
import { mealPlans } from '../../services/command/src/nutrition/roster.js';
import { decideRoster, distinctName, roomForAnother } from '../../services/command/src/plans/roster.js';
import { saveRegimen } from '../../services/command/src/training/regimens/decide.js';
import { workoutPlanInput, workoutPlanOf } from '../../services/command/src/training/regimens/planInput.js';
import { regimen } from '../../services/command/src/training/regimens/regimen.js';
import { regimens } from '../../services/command/src/training/regimens/roster.js';
import { dayAdvanced, planDeleted, planSaved, primarySelected, T0 } from '../meals/fixtures.js';
import { given, stateOf } from '../support/decider.js';
import { samplePlan } from '../workouts/plan.js';

/**
 * The roster's rules (plans/roster.ts), the same for every kind of plan: each saved plan is listed, the first becomes
 * primary, one primary at a time, the primary cannot be deleted, a capped number of plans, distinct names. Told with
 * workout regimens, and again with meal plans for the events each kind writes.
 */
describe('plan roster: workout regimens', () => {
  const now = '2026-11-18T15:00:00.000Z';
  const later = '2026-11-19T16:00:00.000Z';
  const ann = 'user-ann';
  const bob = 'user-bob';
  const roster = regimens.roster;
  const plan = workoutPlanOf(workoutPlanInput.parse(samplePlan()));
  const saved = (regimenId: string, userId = ann) => saveRegimen({ status: 'none' }, { regimenId, userId, plan, now })[0]!;
  const refOf = (...history: AppNewEvent[]) => regimens.refOf(stateOf(regimen, history));
  const listed = (regimenId: string, name = `Plan ${regimenId}`) => newEvent('RegimenListed', { userId: ann, regimenId, listedAt: now, name });
  const selected = (regimenId: string, previousRegimenId: string | null = null, at = now) =>
    newEvent('PrimaryRegimenSelected', { userId: ann, regimenId, previousRegimenId, currentDay: 1, selectedAt: at });
  const deleted = (regimenId: string) => newEvent('RegimenDeleted', { userId: ann, regimenId, deletedAt: now });

  describe('listing a saved plan', () => {
    it("each saved regimen is listed; the user's first becomes primary, later ones do not", () => {
      given(roster, [])
        .when((s) => decideRoster(regimens, s, { type: 'ListSavedPlan', userId: ann, planId: 'r1', name: 'Plan r1', now }))
        .then([listed('r1'), selected('r1')]);
      given(roster, [listed('r1'), selected('r1')])
        .when((s) => decideRoster(regimens, s, { type: 'ListSavedPlan', userId: ann, planId: 'r2', name: 'Plan r2', now }))
        .then([listed('r2')]);
    });

    it('a retried save is not listed twice', () => {
      given(roster, [listed('r1')])
        .when((s) => decideRoster(regimens, s, { type: 'ListSavedPlan', userId: ann, planId: 'r1', name: 'Plan r1', now }))
        .then([]);
    });

    it('a name the user keeps already gets the first free number; a deleted plan frees its name; case and spacing do not tell names apart', () => {
      const kept = given(roster, [listed('r1', 'Lean Start, 3 days a week'), listed('r2', 'Lean Start, 3 days a week (2)'), listed('r3', 'Core')]).state;
      expect(distinctName('Lean Start, 3 days a week', kept)).to.equal('Lean Start, 3 days a week (3)');
      expect(distinctName('lean start,  3 days a week', kept)).to.equal('lean start,  3 days a week (3)');
      expect(distinctName('Core', kept)).to.equal('Core (2)');
      expect(distinctName('Upper body', kept)).to.equal('Upper body');
      expect(distinctName('Core', given(roster, [listed('r3', 'Core'), deleted('r3')]).state)).to.equal('Core');
      // Listed before names were recorded: not known, so not taken.
      expect(distinctName('Core', given(roster, [newEvent('RegimenListed', { userId: ann, regimenId: 'r9', listedAt: now })]).state)).to.equal('Core');
    });

    it(`an account keeps at most ${MAX_PLANS_PER_KIND} regimens; a deleted one makes room again`, () => {
      const full = Array.from({ length: MAX_PLANS_PER_KIND }, (_, i) => listed(`r${i}`));
      given(roster, full).when((s) => (roomForAnother(regimens, s), [])).thenThrows('conflict', regimens.full);
      given(roster, [...full, deleted('r7')]).when((s) => (roomForAnother(regimens, s), [])).then([]);
    });
  });

  describe('selecting the primary', () => {
    it('selecting another regimen names the one it replaces and the day it is on', () => {
      const r2 = refOf(saved('r2'), newEvent('RegimenDayAdvanced', { regimenId: 'r2', userId: ann, fromDay: 1, toDay: 2, advancedAt: now }));
      given(roster, [listed('r1'), selected('r1')])
        .when((s) => decideRoster(regimens, s, { type: 'SelectPrimary', userId: ann, plan: r2, now: later }))
        .then([newEvent('PrimaryRegimenSelected', { userId: ann, regimenId: 'r2', previousRegimenId: 'r1', currentDay: 2, selectedAt: later })]);
    });

    it('selecting the primary again appends nothing', () => {
      given(roster, [listed('r1'), selected('r1')])
        .when((s) => decideRoster(regimens, s, { type: 'SelectPrimary', userId: ann, plan: refOf(saved('r1')), now }))
        .then([]);
    });

    it("another user's, an unknown or a deleted regimen is not found", () => {
      given(roster, [])
        .when((s) => decideRoster(regimens, s, { type: 'SelectPrimary', userId: bob, plan: refOf(saved('r1')), now }))
        .thenThrows('not_found', regimens.noSuchPlan);
      given(roster, []).when((s) => decideRoster(regimens, s, { type: 'SelectPrimary', userId: ann, plan: refOf(), now })).thenThrows('not_found');
      given(roster, [deleted('r1')])
        .when((s) => decideRoster(regimens, s, { type: 'SelectPrimary', userId: ann, plan: refOf(saved('r1')), now }))
        .thenThrows('not_found');
    });
  });

  describe('deleting', () => {
    const withPrimary = [listed('r1'), selected('r1')];

    it('the primary regimen cannot be deleted', () => {
      given(roster, withPrimary)
        .when((s) => decideRoster(regimens, s, { type: 'DeletePlan', userId: ann, plan: refOf(saved('r1')), now }))
        .thenThrows('conflict', regimens.primaryCannotBeDeleted);
    });

    it('another regimen is deleted, once', () => {
      given(roster, withPrimary)
        .when((s) => decideRoster(regimens, s, { type: 'DeletePlan', userId: ann, plan: refOf(saved('r2')), now }))
        .then([deleted('r2')]);
      given(roster, [...withPrimary, deleted('r2')])
        .when((s) => decideRoster(regimens, s, { type: 'DeletePlan', userId: ann, plan: refOf(saved('r2')), now }))
        .thenThrows('not_found');
    });

    it("another user's regimen is not found, not refused as someone else's", () => {
      given(roster, [])
        .when((s) => decideRoster(regimens, s, { type: 'DeletePlan', userId: bob, plan: refOf(saved('r2')), now }))
        .thenThrows('not_found', regimens.noSuchPlan);
    });
  });
});

describe('plan roster: meal plans', () => {
  const roster = mealPlans.roster;
  const refOf = (...history: AppNewEvent[]) => mealPlans.refOf(stateOf(mealPlan, history));
  const listed = (mealPlanId: string) => newEvent('MealPlanListed', { userId: 'user-1', mealPlanId, listedAt: T0, name: 'Lean week' });

  it('lists the plan, and makes it primary only when the user has none', () => {
    given(roster, [])
      .when((s) => decideRoster(mealPlans, s, { type: 'ListSavedPlan', userId: 'user-1', planId: 'plan-1', name: 'Lean week', now: T0 }))
      .then([listed('plan-1'), primarySelected('plan-1')]);
    given(roster, [primarySelected('plan-1')])
      .when((s) => decideRoster(mealPlans, s, { type: 'ListSavedPlan', userId: 'user-1', planId: 'plan-2', name: 'Lean week', now: T0 }))
      .then([listed('plan-2')]);
  });

  it('selects an owned plan, carrying its current day; the primary again changes nothing', () => {
    given(roster, [primarySelected('plan-1')])
      .when((s) => decideRoster(mealPlans, s, { type: 'SelectPrimary', userId: 'user-1', plan: refOf(planSaved('plan-2'), dayAdvanced(1, 2, 'plan-2')), now: T0 }))
      .then([primarySelected('plan-2', 'user-1', 2)]);
    given(roster, [primarySelected('plan-1')])
      .when((s) => decideRoster(mealPlans, s, { type: 'SelectPrimary', userId: 'user-1', plan: refOf(planSaved('plan-1')), now: T0 }))
      .then([]);
  });

  it('answers not found for an unknown, foreign or deleted plan', () => {
    const select = (plan: ReturnType<typeof refOf>, ...history: AppNewEvent[]) =>
      given(roster, history).when((s) => decideRoster(mealPlans, s, { type: 'SelectPrimary', userId: 'user-1', plan, now: T0 }));
    select(refOf()).thenThrows('not_found', mealPlans.noSuchPlan);
    select(refOf(planSaved('plan-3', 'user-2'))).thenThrows('not_found', mealPlans.noSuchPlan);
    select(refOf(planSaved('plan-2')), primarySelected('plan-1'), planDeleted('plan-2')).thenThrows('not_found', mealPlans.noSuchPlan);
  });

  it('refuses to delete the primary plan; deletes another of the user once; another user\'s is not found', () => {
    const remove = (plan: ReturnType<typeof refOf>, ...history: AppNewEvent[]) =>
      given(roster, history).when((s) => decideRoster(mealPlans, s, { type: 'DeletePlan', userId: 'user-1', plan, now: T0 }));
    remove(refOf(planSaved('plan-1')), primarySelected('plan-1')).thenThrows('conflict', mealPlans.primaryCannotBeDeleted);
    remove(refOf(planSaved('plan-2')), primarySelected('plan-1')).then([planDeleted('plan-2')]);
    remove(refOf(planSaved('plan-2')), primarySelected('plan-1'), planDeleted('plan-2')).thenThrows('not_found', mealPlans.noSuchPlan);
    remove(refOf(planSaved('plan-3', 'user-2'))).thenThrows('not_found', mealPlans.noSuchPlan);
  });
});
