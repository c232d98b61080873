import { Field, Select, Spinner } from '../../../shared/ui';
import { useEffect, useState } from 'react';
import { serverText } from '../../../shared/api/http';
import { Link } from 'react-router-dom';
import { useActiveSessionQuery, useSessionActionMutation, useRegimensQuery, type ActiveSession } from '../regimens/workoutsApi';
import { EndSessionDialog, exerciseCount } from '../regimens/EndSessionDialog';
import { formatDuration, useSecondsTicker, wholeMinutes } from '../regimens/sessionTimer';
import { ExerciseLogOverlay } from './ExerciseLogOverlay';
import { SetLogger } from '../sets/SetLogger';
import { NewRecords } from '../records/NewRecords';
import { useSessionSetsQuery } from '../records/recordsApi';
import { useUnits } from '../records/useUnits';
import { showLb } from '../records/units';
import { said } from '../sets/measure';
import {
  useEndTrackerSessionMutation,
  useStartTrackerSessionMutation,
  usePrefetchTracker,
  useTrackerWorkoutsQuery,
  type CompletedExercise,
} from './trackerApi';
import { isQueued } from '../../../shared/api/api';
import { useAppSelector } from '../../../shared/store/hooks';
import '../../../shared/components/screens.css';

/** What a failed request says, for the person: the server's reason when it gave one. */

/** What an ended session held, shown once it is saved. */
interface Ended {
  sessionId: string;
  exercises: number;
  minutes: number;
  /** Kept on this device: the server has it once the network is back. */
  queued: boolean;
}

/**
 * Where an ended workout is now. One ended offline is on this device until the queue has sent it; then it says so,
 * as the banner does, or, when the server refused part of it, points at the refusal the banner shows.
 */
function endedWhere(queued: boolean, sync: { waiting: number; refused: unknown[] }): string {
  if (!queued) return 'It is in your Exercise Log and counts toward this week.';
  if (sync.waiting > 0) return 'Saved on this device: it goes to your Exercise Log when you are back online.';
  if (sync.refused.length > 0) return 'Sent, but the server refused part of it: see the message above.';
  return 'Synced: it is in your Exercise Log and counts toward this week.';
}

/** The records the ended session broke, once the read side has it. */
function EndedRecords({ sessionId }: { sessionId: string }) {
  const unit = useUnits();
  const { data } = useSessionSetsQuery(sessionId, { refetchOnMountOrArgChange: true });
  return <NewRecords records={data?.new_records ?? []} unit={unit} />;
}

/**
 * The running session, as the server has it (docs/adr/0065: it survives a reload, Back and Forward): the timer starts
 * from the server's running time, Pause/Resume are the server's, sets are logged one by one, and Completed Exercises
 * is everything the session holds: the sets by exercise, and any exercise logged whole through the spec's call.
 */
function TrackerSession({ session, planName, onEnded }: { session: ActiveSession; planName: string; onEnded: (ended: Ended) => void }) {
  const running = session.status === 'In Progress';
  const seconds = useSecondsTicker(session.runtime_seconds, running);
  const unit = useUnits();
  const [problem, setProblem] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const { data: workouts = [] } = useTrackerWorkoutsQuery(session.regimen_id);
  const [act, { isLoading: acting }] = useSessionActionMutation();
  const [end, { isLoading: ending }] = useEndTrackerSessionMutation();
  const logged: CompletedExercise[] = (session.exercises ?? []).map((e) => ({
    workout_id: e.workout_id,
    name: e.workout_name,
    sets: e.sets,
    reps_per_set: e.reps_per_set,
    weight_used_lb: e.weight_used_lb,
    ...(e.notes ? { notes: e.notes } : {}),
  }));
  // Exercises logged set by set count too (warm-ups alone do not make a workout). The session's sets also show the
  // exercises logged whole, so the count is of distinct exercises across both, never the two lists added up: by
  // identity key, which a set carries under whatever name it was typed, and by name for an entry the server lacks.
  const { data: sets } = useSessionSetsQuery(session.session_id);
  const all = sets?.sets ?? [];
  const working = all.filter((s) => !s.warmup);
  // The sets logged one by one (not those an entry logged whole makes, which are listed as their entry), by exercise,
  // warm-ups included: the card tells everything the session holds.
  const bySet = [...all.filter((s) => /-s\d+$|^local-/.test(s.set_id)).reduce((m, s) => m.set(s.exercise, [...(m.get(s.exercise) ?? []), s]), new Map<string, typeof all>()).values()];
  const keyOf = (name: string) => working.find((s) => s.name.trim().toLowerCase() === name.trim().toLowerCase())?.exercise ?? `name:${name.trim().toLowerCase()}`;
  const exercisesLogged = new Set([...logged.map((e) => keyOf(e.name)), ...working.map((s) => s.exercise)]).size;

  const finish = async () => {
    const result = await end({ sessionId: session.session_id, totalDuration: wholeMinutes(seconds), completedExercises: logged });
    setConfirming(false);
    if ('error' in result) {
      setProblem(`The session was not ended: ${serverText(result.error) ?? 'the server did not answer'}. Nothing is lost; try End Session again.`);
      return;
    }
    onEnded({ sessionId: session.session_id, exercises: exercisesLogged, minutes: wholeMinutes(seconds), queued: isQueued(result.data) });
  };

  return (
    <>
      <section className="card session" aria-labelledby="tracker-session-title">
        <h2 id="tracker-session-title" className="small-heading">
          {planName}
        </h2>
        <div className="session__row">
          <div className="timer" role="timer" aria-label="Session time">
            {formatDuration(seconds)}
          </div>
          <span className={running ? 'tag tag--live' : 'tag'}>{session.status}</span>
          {session.pending && <span className="tag">Not yet synced</span>}
        </div>
        <div className="actions">
          <button
            type="button"
            className="btn btn--secondary"
            disabled={acting}
            onClick={async () => {
              const result = await act({ sessionId: session.session_id, action: running ? 'pause' : 'resume' });
              if ('error' in result) setProblem(`The session was not ${running ? 'paused' : 'resumed'}: ${serverText(result.error) ?? 'the server did not answer'}.`);
            }}
          >
            {running ? 'Pause' : 'Resume'}
          </button>
          <button type="button" className="btn btn--danger" disabled={ending} onClick={() => setConfirming(true)}>
            End Session
          </button>
        </div>
        {problem && (
          <p className="alert alert--error" role="alert">
            {problem}
          </p>
        )}
      </section>
      <SetLogger sessionId={session.session_id} workouts={workouts} paused={!running} />
      <section className="card" aria-labelledby="completed-title">
        <h2 id="completed-title">Completed Exercises</h2>
        {logged.length === 0 && bySet.length === 0 ? (
          <p className="muted">Nothing logged yet in this session.</p>
        ) : (
          <ul className="completed-list">
            {bySet.map((ofExercise) => (
              <li key={`sets-${ofExercise[0]!.exercise}`}>
                <strong>{ofExercise[0]!.name}</strong>: {ofExercise.map((s) => said(s, unit)).join('; ')}
              </li>
            ))}
            {logged.map((c, i) => (
              <li key={`logged-${i}`}>
                <strong>{c.name}</strong>: {c.sets} x {c.reps_per_set}, {showLb(c.weight_used_lb, unit)}
                {c.notes && <span className="muted"> — {c.notes}</span>}
                {session.exercises?.[i]?.pending && <> <span className="tag">Not yet synced</span></>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <EndSessionDialog open={confirming} logged={exercisesLogged} busy={ending} onCancel={() => setConfirming(false)} onConfirm={finish} />
    </>
  );
}

/**
 * Workout tracker (/track): idle → Begin Workout → session → End Session → idle. The session in
 * progress is the server's active session, whichever page started it.
 */
export default function TrackerPage() {
  const { data: regimens = [], isLoading } = useRegimensQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data: session, isLoading: loadingSession, error: sessionError, refetch } = useActiveSessionQuery(undefined, { refetchOnMountOrArgChange: true });
  const [regimenId, setRegimenId] = useState('');
  const [showLog, setShowLog] = useState(false);
  const [ended, setEnded] = useState<Ended>();
  const [start, { isLoading: starting }] = useStartTrackerSessionMutation();
  const [startProblem, setStartProblem] = useState<string>();
  const sync = useAppSelector((state) => state.sync);
  // Every plan's exercises are read now: a workout begun without a network can still log them.
  const prefetchWorkouts = usePrefetchTracker('trackerWorkouts');
  useEffect(() => regimens.forEach((r) => prefetchWorkouts(r.regimen_id)), [regimens, prefetchWorkouts]);
  const planName = (id: string) => regimens.find((r) => r.regimen_id === id)?.name ?? 'Workout';

  const begin = async () => {
    setStartProblem(undefined);
    setEnded(undefined);
    const result = await start(regimenId);
    if ('error' in result) setStartProblem(serverText(result.error) ?? 'The workout could not be started. Please try again.');
  };

  return (
    <main className="page screen tracker">
      <div className="page-header row-between">
        <h1>Workout Tracker</h1>
        <button type="button" className="btn btn--secondary" onClick={() => setShowLog(true)}>
          Exercise Log
        </button>
      </div>
      {ended && (
        <section className="card callout callout--success" aria-labelledby="ended-title">
          <h2 id="ended-title" className="small-heading">
            {ended.exercises > 0 ? 'Workout saved' : 'Session ended'}
          </h2>
          {ended.exercises > 0 ? (
            <p>
              {exerciseCount(ended.exercises)} in {ended.minutes} min.{' '}
              {endedWhere(ended.queued, sync)}{' '}
              <Link to="/">Back to the dashboard</Link>
            </p>
          ) : (
            <p>Nothing was logged, so it does not count as a workout.</p>
          )}
          <EndedRecords sessionId={ended.sessionId} />
        </section>
      )}
      {loadingSession || isLoading ? (
        <Spinner label="Loading your workout…" />
      ) : sessionError ? (
        <div className="alert alert--error" role="alert">
          <p>Failed to load your workout session.</p>
          <button type="button" className="btn btn--secondary" onClick={() => refetch()}>
            Retry
          </button>
        </div>
      ) : session ? (
        <TrackerSession
          key={session.session_id}
          session={session}
          planName={planName(session.regimen_id)}
          onEnded={(what) => {
            setEnded(what);
            setRegimenId('');
          }}
        />
      ) : regimens.length === 0 ? (
        <div className="card empty-state">
          <p>You have no workout plans to track yet.</p>
          <Link className="btn btn--primary" to="/chat">
            Ask the AI trainer for one
          </Link>
        </div>
      ) : (
        <section className="card" aria-labelledby="choose-title">
          <h2 id="choose-title">Choose a plan</h2>
          <Field label="Workout plan">
            <Select value={regimenId} onChange={(event) => setRegimenId(event.target.value)}>
              <option value="">Select a plan</option>
              {regimens.map((r) => (
                <option key={r.regimen_id} value={r.regimen_id}>
                  {r.name}
                  {r.level ? ` (${r.level})` : ''}
                </option>
              ))}
            </Select>
          </Field>
          {startProblem && (
            <p className="alert alert--error" role="alert">
              {startProblem}
            </p>
          )}
          <div className="actions">
            <button type="button" className="btn btn--primary" disabled={!regimenId || starting} onClick={begin}>
              Begin Workout
            </button>
          </div>
        </section>
      )}
      {showLog && <ExerciseLogOverlay onClose={() => setShowLog(false)} />}
    </main>
  );
}
