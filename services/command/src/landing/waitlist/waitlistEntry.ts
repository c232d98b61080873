import type { AppEvent } from '../../../../../events/catalog.js';

/** One e-mail's place on the waitlist (its stream is named after the normalised address). */
export type WaitlistEntry = { joined: false } | { joined: true; email: string; source: string; joinedAt: string };

export const initialState: WaitlistEntry = { joined: false };

export function evolve(state: WaitlistEntry, event: AppEvent): WaitlistEntry {
  if (event.type === 'WaitlistLeft') return initialState;
  if (event.type !== 'WaitlistJoined') return state;
  const { email, source, joinedAt } = event.data;
  return { joined: true, email, source, joinedAt };
}

export const waitlistEntry = { initialState, evolve };
