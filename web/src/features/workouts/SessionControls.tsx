import { formatDuration, useSecondsTicker } from './sessionTimer';
import {
  useActiveSessionQuery,
  useSessionActionMutation,
  useStartPlanSessionMutation,
} from './workoutsApi';

/**
 * Start Workout, Pause/Resume, End Session and the hh:mm:ss timer (spec §4 "Workout session (plans page)"). The
 * timer starts from the server's runtime_seconds and ticks only while 'In Progress'; after each action the active
 * session is re-read (the mutations invalidate it).
 */
export function SessionControls({ regimenId, nameOf }: { regimenId: string; nameOf: (regimenId: string) => string | undefined }) {
  const { data: session } = useActiveSessionQuery(undefined, { refetchOnMountOrArgChange: true });
  const [start, { isLoading: starting }] = useStartPlanSessionMutation();
  const [act, { isLoading: acting }] = useSessionActionMutation();
  const running = session?.status === 'In Progress';
  const seconds = useSecondsTicker(session?.runtime_seconds ?? 0, running);
  const busy = starting || acting;
  // Spec §8: session errors are only logged.
  const logged = (what: string) => (result: { error?: unknown }) => {
    if (result.error) console.error(`Workout session ${what} failed`, result.error);
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
      </div>
      {/* One session runs at a time (the tracker's too); say so when it belongs to another plan. */}
      {session && session.regimen_id !== regimenId && (
        <p className="small muted">This session is for {nameOf(session.regimen_id) ?? 'another plan'}.</p>
      )}
      <div className="actions">
        {!session ? (
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => start(regimenId).then(logged('start'))}>
            Start Workout
          </button>
        ) : (
          <>
            <button
              type="button"
              className="btn btn--secondary"
              disabled={busy}
              onClick={() => act({ sessionId: session.session_id, action: running ? 'pause' : 'resume' }).then(logged(running ? 'pause' : 'resume'))}
            >
              {running ? 'Pause' : 'Resume'}
            </button>
            <button type="button" className="btn btn--danger" disabled={busy} onClick={() => act({ sessionId: session.session_id, action: 'stop' }).then(logged('stop'))}>
              End Session
            </button>
          </>
        )}
      </div>
    </section>
  );
}
