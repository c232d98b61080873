import type { Projection } from '../projection.js';

/** Every successful login of a user (instants): the week's login boxes and the streaks are counted from these. */
export interface LoginsDoc {
  user_id: string;
  at: string[];
}

export const loginsProjection: Projection<LoginsDoc> = {
  name: 'logins',
  handles: ['UserLoggedIn'],
  key: (event) => (event.data as { userId: string }).userId,
  evolve(doc, event) {
    if (event.type !== 'UserLoggedIn') return doc;
    return { user_id: event.data.userId, at: [...(doc?.at ?? []), event.data.loggedInAt] };
  },
};
