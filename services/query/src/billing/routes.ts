import { getRoutes, type GetRoutes } from '../../../platform/routing.js';
import { currentUser, requireUser } from '../../../platform/auth.js';
import { errorFieldToo, notFound } from '../../../platform/http.js';
import { PLAN_NAME } from '../../../../events/subscription.js';
import type { QueryDeps } from '../context.js';
import type { TestCheckoutSession } from '../../../../contract/billing/checkoutAnswer.js';
import type { CheckoutDoc } from './checkouts.projection.js';

export function subscriptionQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  /**
   * What the local test checkout page shows: only to the user who started it, and only while payments run in
   * test mode (with a Stripe key the test checkout does not exist: 404).
   */
  router.get('/test-checkout/:id', errorFieldToo, requireUser(deps.tokens), async (req, res) => {
    const doc = deps.paymentProvider === 'test' ? await deps.readModels.get<CheckoutDoc>('checkouts', String(req.params.id)) : undefined;
    if (!doc || doc.provider !== 'test' || doc.user_id !== currentUser(res).id) throw notFound('No such checkout session');
    const answer: TestCheckoutSession = {
      checkoutSessionId: doc.checkout_session_id,
      interval: doc.interval,
      amountCents: doc.amount_cents,
      planName: PLAN_NAME,
      status: doc.status,
      testMode: true,
    };
    res.json(answer);
  });
  return router;
}
