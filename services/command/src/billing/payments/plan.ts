import type { SubscriptionInterval } from '../../../../../events/subscription.js';
import type { Config } from '../../../../platform/config.js';

export const priceCents = (config: Config, interval: SubscriptionInterval) =>
  interval === 'monthly' ? config.SUBSCRIPTION_MONTHLY_CENTS : config.SUBSCRIPTION_ANNUAL_CENTS;
