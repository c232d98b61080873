/**
 * The plan (Monthly or Annual) a person chose on the landing page, kept on this device so the profile's offer opens
 * on it after sign-up, e-mail verification and the first login, whichever way it goes. Imports
 * only a type: the landing page loads without the rest of the app.
 */
import type { SubscriptionInterval } from '../../../contract/billing/subscriptionPlan';

const KEY = 'chosenPlan';

export function rememberPlan(interval: SubscriptionInterval): void {
  try {
    localStorage.setItem(KEY, interval);
  } catch {
    // Storage refused (private mode, full): the offer opens on Monthly, as it would have.
  }
}

/** The plan last chosen here, Monthly when none was. */
export function rememberedPlan(): SubscriptionInterval {
  try {
    return localStorage.getItem(KEY) === 'annually' ? 'annually' : 'monthly';
  } catch {
    return 'monthly';
  }
}
