import { chunkKey } from '../chunks.js';
import type { Projection } from '../projection.js';

/**
 * Successful logins of a user (instants): the week's login boxes and the streaks are counted from these. One doc
 * per chunk of the login stream (chunks.ts); `joinChunks` puts the chunks back together.
 */
export interface LoginsDoc {
  user_id: string;
  at: string[];
}

export const loginsProjection: Projection<LoginsDoc> = {
  name: 'logins',
  handles: ['UserLoggedIn', 'AccountDeleted'],
  // An erased account's history goes with it (every chunk).
  erases: (event) => (event.type === 'AccountDeleted' ? event.data.userId : undefined),
  key: (event) => chunkKey((event.data as { userId: string }).userId, event.revision),
  evolve(doc, event) {
    if (event.type !== 'UserLoggedIn') return doc;
    return { user_id: event.data.userId, at: [...(doc?.at ?? []), event.data.loggedInAt] };
  },
};
