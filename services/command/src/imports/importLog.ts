import type { AppEvent } from '../../../../events/catalog.js';
import { startMinute, type ImportSource } from '../../../../events/imports.js';

/** One import as the user's imports stream tells it. */
export interface ImportEntry {
  importId: string;
  source: ImportSource;
  contentHash: string;
  startedAt: string;
  /** The different exercises of its workouts. */
  exercises: number;
  status: 'started' | 'completed' | 'undone';
}

/** What deciding on imports needs of the user's stream `imports-<userId>`: every import and where it stands. */
export interface ImportLog {
  imports: ImportEntry[];
}

export const importLog = {
  initialState: { imports: [] } as ImportLog,
  evolve(state: ImportLog, event: AppEvent): ImportLog {
    const set = (importId: string, status: ImportEntry['status']) => ({ imports: state.imports.map((i) => (i.importId === importId ? { ...i, status } : i)) });
    switch (event.type) {
      case 'ImportStarted': {
        const { importId, source, contentHash, startedAt, exercises } = event.data;
        return { imports: [...state.imports, { importId, source, contentHash, startedAt, exercises, status: 'started' }] };
      }
      case 'ImportCompleted':
        return set(event.data.importId, 'completed');
      case 'ImportUndone':
        return set(event.data.importId, 'undone');
      default:
        return state;
    }
  },
};

/**
 * The minutes at which the user's sessions logged in the app started, from the workout roster's claims (every session
 * logged in the app claims the user's slot as it starts): with the workouts of imports that count, what overlap is
 * judged by, read from the log.
 */
export interface SessionStarts {
  minutes: ReadonlySet<string>;
}

export const sessionStarts = {
  initialState: { minutes: new Set<string>() } as SessionStarts,
  evolve(state: SessionStarts, event: AppEvent): SessionStarts {
    if (event.type === 'ActiveSessionClaimed') return { minutes: new Set([...state.minutes, startMinute(event.data.claimedAt)]) };
    return state;
  },
};
