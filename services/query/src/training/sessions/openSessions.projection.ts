import type { AppEvent } from '../../../../../events/catalog.js';
import type { Projection } from '../../projection.js';

/** A user's sessions started and not ended: which, and when each started (so which month doc holds its start). */
export interface OpenSessionsDoc {
  user_id: string;
  open: { session_id: string; start_time: string }[];
}

/**
 * The small doc the tracker's "active session" starts from: the open sessions and their starts, so the read goes
 * from it to the open session's months (`sessionMonths`) and no further back.
 */
export const openSessionsProjection: Projection<OpenSessionsDoc> = {
  name: 'openSessions',
  handles: ['WorkoutSessionStarted', 'WorkoutSessionEnded', 'AccountDeleted'],
  key: (event) => (event.data as { userId: string }).userId,
  evolve(doc, event: AppEvent) {
    switch (event.type) {
      case 'WorkoutSessionStarted': {
        const current = doc ?? { user_id: event.data.userId, open: [] };
        if (current.open.some((s) => s.session_id === event.data.sessionId)) return current;
        return { ...current, open: [...current.open, { session_id: event.data.sessionId, start_time: event.data.startedAt }] };
      }
      case 'WorkoutSessionEnded': {
        return doc && { ...doc, open: doc.open.filter((s) => s.session_id !== event.data.sessionId) };
      }
      case 'AccountDeleted':
        return undefined;
      default:
        return doc;
    }
  },
};
