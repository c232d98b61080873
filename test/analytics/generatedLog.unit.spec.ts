import { expect } from 'chai';
import type { AppEvent, AppNewEvent } from '../../events/catalog.js';
import { productionHistory, type Append } from '../../scripts/bench/fixtures.js';
import { accountRole } from '../../services/command/src/role.js';
import { user, type User } from '../../services/command/src/accounts/user.js';
import { subscription, type Subscription } from '../../services/command/src/billing/subscription.js';
import { SUBSCRIBER_ROLES } from '../../services/platform/auth.js';

const asStored = (e: AppNewEvent) => e as unknown as AppEvent;

describe('npm run generate: the subscription and chat streams replay through the slices’ own evolvers', function () {
  // Generating the year is one synchronous stretch of CPU, slow beside other files and their browsers in the full
  // run (no check of speed: the bench measures that).
  this.timeout(180_000);
  let history: ReturnType<typeof productionHistory>;
  // Given a year of 150 generated users, in the order the log holds them: enough that every path below occurs
  before(() => {
    history = productionHistory({ users: 150, days: 365, seed: 11 });
  });
  const ofStream = (prefix: string) => history.appends.filter((a) => a.stream.startsWith(prefix));

  it('appends every stream at the revision it was read at, as the store checks it', () => {
    const revisions = new Map<string, number>();
    for (const append of history.appends) {
      const last = revisions.get(append.stream) ?? -1;
      if (append.expected !== 'any') expect(append.expected, append.stream).to.equal(last === -1 ? 'no_stream' : last);
      revisions.set(append.stream, last + append.events.length);
    }
  });

  it('keeps each subscription’s order: checkout, payment, one activation, starter plans once per user, an end only while active', () => {
    const savedPlans = new Set(history.appends.flatMap((a) => a.events).flatMap((e) => (e.type === 'RegimenSaved.v2' ? [e.data.regimenId] : e.type === 'MealPlanSaved' ? [e.data.mealPlanId] : [])));
    const streams = new Map<string, AppNewEvent[]>();
    for (const a of ofStream('subscription-')) streams.set(a.stream, [...(streams.get(a.stream) ?? []), ...a.events]);
    const seen = { activations: 0, starters: 0, returning: 0, viaWebhook: 0, viaConfirmation: 0, testPaid: 0, cancelled: 0, ended: 0 };
    for (const events of streams.values()) {
      let state: Subscription = subscription.initialState;
      const activations: string[] = [];
      let starters = 0;
      for (const e of events) {
        switch (e.type) {
          case 'CheckoutSessionCreated':
            expect(state.active, 'a checkout while subscribed').to.equal(null);
            expect(state.checkouts).not.to.have.property(e.data.checkoutSessionId);
            break;
          case 'TestCheckoutPaid':
            seen.testPaid += 1;
            expect(state.checkouts[e.data.checkoutSessionId]).to.include({ provider: 'test', status: 'open' });
            break;
          case 'SubscriptionActivated': {
            const checkout = state.checkouts[e.data.checkoutSessionId]!;
            expect(state.active, 'a second activation while active').to.equal(null);
            expect(checkout.status).to.equal(checkout.provider === 'test' ? 'paid' : 'open');
            expect(e.data.provider).to.equal(checkout.provider);
            expect(e.data.stripeSubscriptionId === null).to.equal(checkout.provider === 'test');
            activations.push(e.id!);
            seen.activations += 1;
            seen[e.data.via === 'webhook' ? 'viaWebhook' : 'viaConfirmation'] += 1;
            break;
          }
          case 'StarterPlansGenerated':
            // The worker's starter plans follow the user's first activation, once, and name plans that were saved.
            expect(e.data.activationEventId).to.equal(activations[0]);
            expect(state.active?.checkoutSessionId).to.be.a('string');
            expect(savedPlans.has(e.data.regimenId) && savedPlans.has(e.data.mealPlanId)).to.equal(true);
            starters += 1;
            break;
          case 'SubscriptionCancelled':
            expect(state.active, 'a cancel without a subscription').not.to.equal(null);
            seen.cancelled += 1;
            break;
          case 'SubscriptionEnded':
            expect(state.active?.provider, 'Stripe ended a subscription it does not hold').to.equal('stripe');
            seen.ended += 1;
            break;
          default:
            expect.fail(`unexpected ${e.type} on a subscription stream`);
        }
        state = subscription.evolve(state, asStored(e));
      }
      expect(starters).to.equal(activations.length > 0 ? 1 : 0);
      seen.starters += starters;
      if (activations.length > 1) seen.returning += 1;
    }
    // And the log holds each path, so the replays and the report see them all
    expect(seen.starters).to.be.above(20);
    for (const [path, n] of Object.entries(seen)) expect(n, path).to.be.above(0);
  });

  it('records chat exchanges of subscribers only, each question answered once with the plans offered beside the answer', () => {
    const accounts = new Map<string, User>();
    const plans = new Map<string, Subscription>();
    /** Folds an append into its user's state (streams are named `<kind>-<userId>`). */
    const fold = <S>(folds: Map<string, S>, evolver: { initialState: S; evolve: (s: S, e: AppEvent) => S }, a: Append) => {
      const userId = a.stream.slice(a.stream.indexOf('-') + 1);
      folds.set(userId, a.events.reduce((s, e) => evolver.evolve(s, asStored(e)), folds.get(userId) ?? evolver.initialState));
    };
    const exchanges = new Map<string, string[]>();
    let planOffers = 0;
    for (const a of history.appends) {
      if (a.stream.startsWith('user-')) fold(accounts, user, a);
      if (a.stream.startsWith('subscription-')) fold(plans, subscription, a);
      if (!a.stream.startsWith('chat-')) continue;
      const userId = a.stream.slice('chat-'.length);
      const role = accountRole(accounts.get(userId) ?? user.initialState, plans.get(userId) ?? subscription.initialState);
      expect(SUBSCRIBER_ROLES, `chat by a user of role ${role}`).to.include(role);
      for (const e of a.events) {
        if (e.type === 'ChatPlanOffered') planOffers += 1;
        const { exchangeId } = e.data as { exchangeId: string };
        exchanges.set(exchangeId, [...(exchanges.get(exchangeId) ?? []), e.type === 'ChatAnswerGiven' ? `answer by ${e.data.trainer}` : e.type]);
      }
    }
    expect(exchanges.size).to.be.above(50);
    expect(planOffers).to.be.above(0);
    for (const steps of exchanges.values()) {
      expect(steps[0]).to.equal('ChatQuestionAsked');
      expect(steps[1]).to.equal('answer by built-in');
      expect(steps.slice(2).every((s) => s === 'ChatPlanOffered')).to.equal(true);
    }
  });
});
