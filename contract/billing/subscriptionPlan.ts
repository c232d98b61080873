/**
 * What the early-access offer sells (docs/product.md#numbers-and-constants): the Founding Member Plan, monthly or annually. Imports
 * nothing, so the web client (the landing page's and the profile's offer) shares it without taking anything else of
 * the server.
 */
export const PLAN_NAME = 'Founding Member Plan';
export const SUBSCRIPTION_INTERVALS = ['monthly', 'annually'] as const;
export type SubscriptionInterval = (typeof SUBSCRIPTION_INTERVALS)[number];
