import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useToast } from '../../../shared/ui';
import { reasonOf } from '../../../shared/components/LoadFailed';
import { EndSessionDialog, exerciseCount } from './EndSessionDialog';
import { formatDuration, useSecondsTicker } from './sessionTimer';
import {
  useActiveSessionQuery,
  useSessionActionMutation,
  useStartPlanSessionMutation,
} from './workoutsApi';

/**
 * Start Workout, Pause/Resume, End Session and the hh:mm:ss timer (docs/product.md#how-things-change "Workout session (plans page)"). The
 * timer starts from the server's runtime_seconds and ticks only while 'In Progress'; after each action the active
 * session is re-read (the mutations invalidate it). Exercises are logged in the tracker, one tap away; End asks first.
 */
export function SessionControls({ regimenId, nameOf }: { regimenId: string; nameOf: (regimenId: string) => string | undefined }) {
  const { data: session, refetch } = useActiveSessionQuery(undefined, { refetchOnMountOrArgChange: true });
  const [start, { isLoading: starting }] = useStartPlanSessionMutation();
  const [act, { isLoading: acting }] = useSessionActionMutation();
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();
  const running = session?.status === 'In Progress';
  const seconds = useSecondsTicker(session?.runtime_seconds ?? 0, running);
  const busy = starting || acting;
  const logged = session?.exercises?.length ?? 0;
  const failed = (what: string) => (result: { error?: unknown }) => {
    if (result.error) toast(`The workout was not ${what}: ${reasonOf(result.error)}`, 'error');
    return !result.error;
  };

  return (
    <section className="card session" aria-labelledby="session-title">
      <h2 id="session-title" className="small-heading">
        Workout session
      </h2>
      <div className="session__row">
        <div className="timer" role="timer" aria-label="Session time">
          {formatDuration(session ? seconds : 0)}
        </div>
        {session && <span className={running ? 'tag tag--live' : 'tag'}>{session.status}</span>}
        {session && <span className="small muted">{exerciseCount(logged)} logged</span>}
      </div>
      {/* One session runs at a time (the tracker's too); say so when it belongs to another plan. */}
      {session && session.regimen_id !== regimenId && (
        <p className="small muted">This session is for {nameOf(session.regimen_id) ?? 'another plan'}.</p>
      )}
      <div className="actions">
        {!session ? (
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => start(regimenId).then(failed('started'))}>
            Start Workout
          </button>
        ) : (
          <>
            <Link className="btn btn--primary" to="/track">
              Open the tracker
            </Link>
            <button
              type="button"
              className="btn btn--secondary"
              disabled={busy}
              onClick={() => act({ sessionId: session.session_id, action: running ? 'pause' : 'resume' }).then(failed(running ? 'paused' : 'resumed'))}
            >
              {running ? 'Pause' : 'Resume'}
            </button>
            <button
              type="button"
              className="btn btn--danger"
              disabled={busy}
              onClick={() => {
                // Exercises are logged in the tracker, maybe in another tab: End counts what the server has now.
                void refetch();
                setConfirming(true);
              }}
            >
              End Session
            </button>
          </>
        )}
      </div>
      {!session && (
        <p className="small muted">
          Sets, reps and weights are logged in the tracker. <Link to="/track">Open the tracker</Link>
        </p>
      )}
      {session && (
        <EndSessionDialog
          open={confirming}
          logged={logged}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            const ok = failed('ended')(await act({ sessionId: session.session_id, action: 'stop' }));
            setConfirming(false);
            if (ok) toast(logged > 0 ? `Workout saved: ${exerciseCount(logged)}.` : 'Session ended. Nothing was logged, so it does not count as a workout.');
          }}
        />
      )}
    </section>
  );
}
