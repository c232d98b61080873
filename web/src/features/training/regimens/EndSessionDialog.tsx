import { Dialog } from '../../../shared/ui';

/** "1 exercise", "3 exercises". */
export const exerciseCount = (n: number) => `${n} exercise${n === 1 ? '' : 's'}`;

interface Props {
  open: boolean;
  /** Exercises logged in the session so far. */
  logged: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Ending a session cannot be undone, so every End asks first (tracker, plans page, dashboard), and says what the
 * session holds: one with nothing logged does not count as a workout
 * (docs/adr/0064-a-workout-is-a-session-with-something-logged.md).
 */
export function EndSessionDialog({ open, logged, busy, onCancel, onConfirm }: Props) {
  return (
    <Dialog
      open={open}
      alert
      onClose={onCancel}
      title="End this workout?"
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={onCancel}>
            Keep going
          </button>
          <button type="button" className="btn btn--danger" disabled={busy} onClick={onConfirm}>
            End workout
          </button>
        </>
      }
    >
      {logged > 0 ? (
        <p>{exerciseCount(logged)} logged. They go into your Exercise Log and count toward this week's workouts.</p>
      ) : (
        <p>Nothing is logged yet, so this session will not count as a workout. Log an exercise first if you did one.</p>
      )}
    </Dialog>
  );
}
