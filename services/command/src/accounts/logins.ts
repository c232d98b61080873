import type { AppEvent } from '../../../../events/catalog.js';

/** What the write side needs of a login stream: the last local day the person was recorded as showing up on. */
export interface Logins {
  lastShownUp: string | null;
}

export const initialState: Logins = { lastShownUp: null };

export function evolve(state: Logins, event: AppEvent): Logins {
  if (event.type !== 'UserShowedUp') return state;
  return { lastShownUp: event.data.day };
}

export const logins = { initialState, evolve };
