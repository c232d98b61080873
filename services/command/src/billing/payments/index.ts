import { paymentProviderOf, type Config } from '../../../../platform/config.js';
import type { Logger } from '../../../../platform/logger.js';
import type { Payments } from './port.js';
import { stripePayments } from './stripe.js';
import { testPayments } from './test.js';

export const paymentsFor = (config: Config, log: Logger): Payments =>
  paymentProviderOf(config) === 'stripe' ? stripePayments(config, config.STRIPE_SECRET_KEY!, log) : testPayments;
