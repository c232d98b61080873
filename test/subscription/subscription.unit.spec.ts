import { expect } from 'chai';
import type Stripe from 'stripe';
import { newEvent, type AppNewEvent } from '../../events/catalog.js';
import { effectiveRole } from '../../events/role.js';
import { signUp } from '../../services/command/src/accounts/decide.js';
import { newAccountOf, signupInput } from '../../services/command/src/accounts/signupInput.js';
import { user } from '../../services/command/src/accounts/user.js';
import {
  activateSubscription,
  cancelSubscription,
  createCheckoutSession,
  endSubscription,
  payTestCheckout,
} from '../../services/command/src/billing/decide.js';
import { cancelInput } from '../../services/command/src/billing/input.js';
import { decideWebhook, webhookAction, type WebhookAction } from '../../services/command/src/billing/stripeWebhook.js';
import { subscription } from '../../services/command/src/billing/subscription.js';
import { profileAsRead, profilesProjection } from '../../services/query/src/accounts/profile/profiles.projection.js';
import { checkoutsProjection } from '../../services/query/src/billing/checkouts.projection.js';
import { given, project } from '../support/decider.js';

const NOW = '2026-11-22T12:00:00.000Z';
const TEST_ID = 'cs_test_local_1';
const STRIPE_ID = 'cs_test_abc';

const created = (checkoutSessionId = TEST_ID, provider: 'test' | 'stripe' = 'test') =>
  newEvent('CheckoutSessionCreated', { userId: 'u1', checkoutSessionId, interval: 'monthly', provider, amountCents: 699, createdAt: NOW });
const paid = newEvent('TestCheckoutPaid', { userId: 'u1', checkoutSessionId: TEST_ID, paidAt: NOW });
const activated = (checkoutSessionId = TEST_ID, stripeSubscriptionId: string | null = null) =>
  newEvent('SubscriptionActivated', {
    userId: 'u1',
    checkoutSessionId,
    interval: 'monthly',
    provider: checkoutSessionId === TEST_ID ? 'test' : 'stripe',
    stripeCustomerId: stripeSubscriptionId && 'cus_1',
    stripeSubscriptionId,
    via: 'confirmation',
    activatedAt: NOW,
  });
const cancelled = newEvent('SubscriptionCancelled', { userId: 'u1', reason: 'Other (no details)', cancelledAt: NOW });
const stripePaid = { paid: true, stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1' };
const activate = (checkoutSessionId: string, payment?: typeof stripePaid) => (s: typeof subscription.initialState) =>
  activateSubscription(s, { userId: 'u1', checkoutSessionId, payment, via: 'confirmation', now: NOW });

describe('subscription deciders', () => {
  it('records a checkout; a subscriber is refused a second one', () => {
    const command = { userId: 'u1', checkoutSessionId: TEST_ID, interval: 'monthly' as const, provider: 'test' as const, amountCents: 699, now: NOW };
    given(subscription, []).when((s) => createCheckoutSession(s, command)).then([created()]);
    given(subscription, [created()]).when((s) => createCheckoutSession(s, command)).then([]);
    given(subscription, [created(), paid, activated()])
      .when((s) => createCheckoutSession(s, { ...command, checkoutSessionId: 'cs_test_local_2' }))
      .thenThrows('conflict', 'You already have an active subscription');
  });

  it('the test checkout is paid once, only its own sessions, never a Stripe one', () => {
    const pay = (checkoutSessionId: string) => (s: typeof subscription.initialState) => payTestCheckout(s, { userId: 'u1', checkoutSessionId, now: NOW });
    given(subscription, [created()]).when(pay(TEST_ID)).then([paid]);
    given(subscription, [created(), paid]).when(pay(TEST_ID)).then([]);
    given(subscription, []).when(pay(TEST_ID)).thenThrows('not_found');
    given(subscription, [created(STRIPE_ID, 'stripe')]).when(pay(STRIPE_ID)).thenThrows('not_found');
  });

  it('a paid test checkout activates once; unpaid or unknown ones are refused', () => {
    given(subscription, [created(), paid]).when(activate(TEST_ID)).then([activated()]);
    given(subscription, [created(), paid, activated()]).when(activate(TEST_ID)).then([]);
    given(subscription, [created()]).when(activate(TEST_ID)).thenThrows('conflict', 'This checkout has not been paid');
    given(subscription, []).when(activate(TEST_ID)).thenThrows('not_found');
    given(subscription, [created()]).when(activate('__proto__')).thenThrows('not_found');
  });

  it("a Stripe checkout activates on Stripe's word, keeping its ids", () => {
    given(subscription, [created(STRIPE_ID, 'stripe')]).when(activate(STRIPE_ID, stripePaid)).then([activated(STRIPE_ID, 'sub_1')]);
    given(subscription, [created(STRIPE_ID, 'stripe')]).when(activate(STRIPE_ID, { ...stripePaid, paid: false })).thenThrows('conflict');
    given(subscription, [created(STRIPE_ID, 'stripe')]).when(activate(STRIPE_ID)).thenThrows('conflict');
  });

  it('a checkout whose subscription ended does not activate again', () => {
    given(subscription, [created(), paid, activated(), cancelled]).when(activate(TEST_ID)).thenThrows('conflict', /ended/);
  });

  it('cancels only an active subscription', () => {
    const cancel = (s: typeof subscription.initialState) => cancelSubscription(s, { userId: 'u1', reason: 'Other (no details)', now: NOW });
    given(subscription, [created(), paid, activated()]).when(cancel).then([cancelled]);
    given(subscription, []).when(cancel).thenThrows('conflict', 'You have no active subscription to cancel');
    given(subscription, [created(), paid, activated(), cancelled]).when(cancel).thenThrows('conflict');
  });

  it('Stripe ends only the subscription it names, and only while it is active', () => {
    const end = (stripeSubscriptionId: string) => (s: typeof subscription.initialState) =>
      endSubscription(s, { userId: 'u1', stripeSubscriptionId, cause: 'payment_failed', stripeEventId: 'evt_1', now: NOW });
    const active = [created(STRIPE_ID, 'stripe'), activated(STRIPE_ID, 'sub_1')];
    given(subscription, active).when(end('sub_1')).then([newEvent('SubscriptionEnded', { userId: 'u1', cause: 'payment_failed', stripeEventId: 'evt_1', endedAt: NOW })]);
    given(subscription, active).when(end('sub_old')).then([]);
    given(subscription, [...active, cancelled]).when(end('sub_1')).then([]);
  });
});

describe('cancel reason input', () => {
  it('keeps the text as sent; an empty reason or a bare Other is Other (no details)', () => {
    expect(cancelInput.parse({ reason: "It's too expensive for me right now ($6.99/month)." }).reason).to.equal("It's too expensive for me right now ($6.99/month).");
    expect(cancelInput.parse({ reason: '  my words ' }).reason).to.equal('my words');
    expect(cancelInput.parse({ reason: '' }).reason).to.equal('Other (no details)');
    expect(cancelInput.parse({ reason: 'other' }).reason).to.equal('Other (no details)');
    expect(cancelInput.safeParse({}).success).to.equal(false);
  });
});

describe('the role rule', () => {
  it('staff stay staff; a subscription or a comp grant makes 3; otherwise the granted role', () => {
    expect(effectiveRole(2, true)).to.equal(2);
    expect(effectiveRole(2, false)).to.equal(2);
    expect(effectiveRole(1, true)).to.equal(3);
    expect(effectiveRole(3, false)).to.equal(3);
    expect(effectiveRole(1, false)).to.equal(1);
  });
});

describe('Stripe webhook events', () => {
  const event = (type: string, object: unknown) => ({ id: 'evt_1', object: 'event', type, data: { object } }) as unknown as Stripe.Event;

  it('a completed checkout activates the user it was made for', () => {
    const session = { id: 'cs_1', client_reference_id: 'u1', payment_status: 'paid', customer: 'cus_1', subscription: { id: 'sub_1' }, metadata: {} };
    expect(webhookAction(event('checkout.session.completed', session))).to.deep.equal({
      kind: 'activate',
      userId: 'u1',
      checkoutSessionId: 'cs_1',
      payment: { paid: true, stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1' },
    });
    expect(webhookAction(event('checkout.session.async_payment_succeeded', session))).to.include({ kind: 'activate', checkoutSessionId: 'cs_1' });
    expect(webhookAction(event('checkout.session.completed', { ...session, payment_status: 'unpaid' }))).to.deep.include({
      payment: { paid: false, stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1' },
    });
    expect(webhookAction(event('checkout.session.completed', { ...session, client_reference_id: null }))).to.include({ kind: 'ignore' });
  });

  it('a deleted subscription and a failed invoice end the subscription of the user in its metadata', () => {
    expect(webhookAction(event('customer.subscription.deleted', { id: 'sub_1', metadata: { userId: 'u1' } }))).to.deep.equal({
      kind: 'end',
      userId: 'u1',
      stripeSubscriptionId: 'sub_1',
      cause: 'stripe_subscription_deleted',
    });
    const invoice = { id: 'in_1', parent: { subscription_details: { subscription: 'sub_1', metadata: { userId: 'u1' } } } };
    expect(webhookAction(event('invoice.payment_failed', invoice))).to.deep.equal({ kind: 'end', userId: 'u1', stripeSubscriptionId: 'sub_1', cause: 'payment_failed' });
    expect(webhookAction(event('invoice.payment_failed', { id: 'in_2', parent: null }))).to.include({ kind: 'ignore' });
    expect(webhookAction(event('customer.created', { id: 'cus_1' }))).to.include({ kind: 'ignore' });
  });

  it('what an event records: an activation once, a checkout that cannot activate nothing, an end only of the active one', () => {
    const decide = (action: WebhookAction) => (s: typeof subscription.initialState) => decideWebhook(s, action, { stripeEventId: 'evt_1', now: NOW });
    const activateCs = { kind: 'activate' as const, userId: 'u1', checkoutSessionId: STRIPE_ID, payment: stripePaid };
    const viaWebhook = { ...activated(STRIPE_ID, 'sub_1'), data: { ...activated(STRIPE_ID, 'sub_1').data, via: 'webhook' as const } };
    given(subscription, [created(STRIPE_ID, 'stripe')]).when(decide(activateCs)).then([viaWebhook]);
    given(subscription, [created(STRIPE_ID, 'stripe'), viaWebhook]).when(decide(activateCs)).then([]);
    // Refusals are acknowledged and change nothing: another app's session, an unpaid one, one whose subscription ended.
    given(subscription, []).when(decide(activateCs)).then([]);
    given(subscription, [created(STRIPE_ID, 'stripe')]).when(decide({ ...activateCs, payment: { ...stripePaid, paid: false } })).then([]);
    given(subscription, [created(STRIPE_ID, 'stripe'), viaWebhook, cancelled]).when(decide(activateCs)).then([]);
    const end = { kind: 'end' as const, userId: 'u1', stripeSubscriptionId: 'sub_1', cause: 'stripe_subscription_deleted' as const };
    given(subscription, [created(STRIPE_ID, 'stripe'), viaWebhook])
      .when(decide(end))
      .then([newEvent('SubscriptionEnded', { userId: 'u1', cause: 'stripe_subscription_deleted', stripeEventId: 'evt_1', endedAt: NOW })]);
    given(subscription, [created(STRIPE_ID, 'stripe'), viaWebhook]).when(decide({ ...end, stripeSubscriptionId: 'sub_old' })).then([]);
    given(subscription, [created(STRIPE_ID, 'stripe'), viaWebhook]).when(decide({ kind: 'ignore', why: 'not used' })).then([]);
  });
});

describe('subscription read models', () => {
  const input = signupInput.parse({ email: 'ann@example.com', password: 'secret123', age: 30, height: 66, weight: 160, primaryGoal: 'Lose weight', activityLevel: 'Very active' });
  const signedUp: AppNewEvent[] = signUp(user.initialState, { userId: 'u1', ...newAccountOf(input), passwordHash: 'hash', now: NOW });
  const granted = (role: number) => newEvent('RoleGranted', { userId: 'u1', role, grantedBy: 'cli' });
  const profileAfter = (events: AppNewEvent[]) => profileAsRead(project(profilesProjection, [...signedUp, ...events]).get('u1')!);

  it('the profile follows the subscription: role 3 while active, then 1, with its dates', () => {
    expect(profileAfter([])).to.deep.include({ role: 1, subscription: null, initial_plan_generated: false });
    expect(profileAfter([created(), paid, activated()])).to.deep.include({
      role: 3,
      subscription: { status: 'active', interval: 'monthly', since: NOW, ended_at: null },
    });
    const later = '2026-12-01T00:00:00.000Z';
    expect(profileAfter([activated(), { ...cancelled, data: { ...cancelled.data, cancelledAt: later } }])).to.deep.include({
      role: 1,
      subscription: { status: 'cancelled', interval: 'monthly', since: NOW, ended_at: later },
    });
    const ended = newEvent('SubscriptionEnded', { userId: 'u1', cause: 'payment_failed', stripeEventId: 'evt_1', endedAt: later });
    expect(profileAfter([activated(), ended])).to.deep.include({ role: 1, subscription: { status: 'ended', interval: 'monthly', since: NOW, ended_at: later } });
  });

  it('staff stay 2 through a subscription; a comp grant is 3 without one; granted_role is not shown', () => {
    expect(profileAfter([granted(2), activated(), cancelled]).role).to.equal(2);
    expect(profileAfter([activated(), granted(2)]).role).to.equal(2);
    expect(profileAfter([granted(3)]).role).to.equal(3);
    expect(profileAfter([activated(), granted(1)]).role).to.equal(3);
    expect(profileAfter([])).to.not.have.property('granted_role');
  });

  it('initial_plan_generated turns true when the starter plans are saved', () => {
    const generated = newEvent('StarterPlansGenerated', { userId: 'u1', regimenId: 'r1', mealPlanId: 'm1', activationEventId: 'e1', generatedAt: NOW });
    expect(profileAfter([activated(), generated]).initial_plan_generated).to.equal(true);
  });

  it('a checkout doc goes open → paid → activated', () => {
    const docs = project(checkoutsProjection, [created(), paid, activated()]);
    expect(docs.get(TEST_ID)).to.deep.equal({ checkout_session_id: TEST_ID, user_id: 'u1', interval: 'monthly', amount_cents: 699, provider: 'test', status: 'activated' });
    expect(project(checkoutsProjection, [created()]).get(TEST_ID)!.status).to.equal('open');
  });
});
