import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useToast } from '../../../shared/ui';
import { EndSessionDialog, exerciseCount } from './EndSessionDialog';
import { useActiveSessionQuery, useSessionActionMutation } from './workoutsApi';

/**
 * The session in progress as the dashboard shows it, wherever it was started: its id and how many exercises are
 * logged; undefined when none. The server counts both kinds of logs (a session paused or started offline has only
 * its whole ones).
 */
export function useSessionInProgress(): { sessionId: string; logged: number } | undefined {
  const { data: session } = useActiveSessionQuery(undefined, { refetchOnMountOrArgChange: true });
  return session ? { sessionId: session.session_id, logged: session.exercises_logged ?? session.exercises?.length ?? 0 } : undefined;
}

/** A session in progress, wherever it was started: Resume (in the tracker, where exercises are logged) and End. */
export function SessionInProgress({ sessionId, logged }: { sessionId: string; logged: number }) {
  const [confirming, setConfirming] = useState(false);
  const [stop, { isLoading }] = useSessionActionMutation();
  const toast = useToast();
  return (
    <>
      <p className="callout">
        <strong>Workout in progress</strong>
        <span className="muted"> · {exerciseCount(logged)} logged</span>
      </p>
      <div className="actions">
        <Link className="btn btn--primary" to="/track">
          Resume
        </Link>
        <button type="button" className="btn btn--secondary" disabled={isLoading} onClick={() => setConfirming(true)}>
          End
        </button>
      </div>
      <EndSessionDialog
        open={confirming}
        logged={logged}
        busy={isLoading}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          const result = await stop({ sessionId, action: 'stop' });
          setConfirming(false);
          toast(
            'error' in result
              ? 'The workout was not ended: the server did not answer. Try again.'
              : logged > 0
                ? `Workout saved: ${exerciseCount(logged)}.`
                : 'Session ended. Nothing was logged, so it does not count as a workout.',
            'error' in result ? 'error' : 'info',
          );
        }}
      />
    </>
  );
}

