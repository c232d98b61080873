import type { ComponentType } from 'react';

/** What the dashboard shows of training: app/ gives it, as a feature imports no other feature. */
export interface TrainingPieces {
  /** The session in progress (its id, the exercises logged), undefined when none. */
  useSessionInProgress: () => { sessionId: string; logged: number } | undefined;
  /** That session on the card: Resume and End. */
  SessionInProgress: ComponentType<{ sessionId: string; logged: number }>;
  /** The newest personal records, under the recent measurements. */
  RecentRecords: ComponentType;
}
