import { newEvent, type AppNewEvent } from '../../../../../events/catalog.js';
import type { EarlyAccessPlan } from '../../../../../events/metrics.js';

export interface RecordEarlyAccessClick {
  plan: EarlyAccessPlan;
  now: string;
}

/** Every click counts; there is nothing to refuse, so the decision needs no state. */
export function recordEarlyAccessClick({ plan, now }: RecordEarlyAccessClick): AppNewEvent[] {
  return [newEvent('EarlyAccessClicked', { plan, clickedAt: now })];
}

/** The UTC day a click counts for, which also names its stream. */
export const dayOf = (iso: string) => iso.slice(0, 10);
