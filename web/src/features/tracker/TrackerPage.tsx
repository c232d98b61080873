import { Field, Select, Spinner } from '../../app/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useWorkoutRegimensQuery } from '../workouts/workoutsApi';
import { formatDuration, useSecondsTicker, wholeMinutes } from '../workouts/sessionTimer';
import { ExerciseLogOverlay } from './ExerciseLogOverlay';
import { LogExerciseForm } from './LogExerciseForm';
import {
  useEndTrackerSessionMutation,
  useLogExerciseMutation,
  useStartTrackerSessionMutation,
  useTrackerWorkoutsQuery,
  type CompletedExercise,
} from './trackerApi';
import '../common/screens.css';

/** The running session: client-side timer (Pause/Resume), Log Exercise, Completed Exercises, End Session. */
function TrackerSession({ sessionId, regimenId, planName, onEnded }: { sessionId: string; regimenId: string; planName: string; onEnded: () => void }) {
  const [running, setRunning] = useState(true);
  const seconds = useSecondsTicker(0, running);
  const [completed, setCompleted] = useState<CompletedExercise[]>([]);
  const { data: workouts = [] } = useTrackerWorkoutsQuery(regimenId);
  const [log] = useLogExerciseMutation();
  const [end, { isLoading: ending }] = useEndTrackerSessionMutation();

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
          <span className={running ? 'tag tag--live' : 'tag'}>{running ? 'In Progress' : 'Paused'}</span>
        </div>
        <div className="actions">
          <button type="button" className="btn btn--secondary" onClick={() => setRunning((r) => !r)}>
            {running ? 'Pause' : 'Resume'}
          </button>
          <button
            type="button"
            className="btn btn--danger"
            disabled={ending}
            onClick={async () => {
              const result = await end({ sessionId, totalDuration: wholeMinutes(seconds), completedExercises: completed });
              // Spec §8: an end error is only logged; the tracker goes back to idle either way.
              if ('error' in result) console.error('Ending the workout session failed', result.error);
              onEnded();
            }}
          >
            End Session
          </button>
        </div>
      </section>
      <LogExerciseForm
        sessionId={sessionId}
        workouts={workouts}
        onSave={(entry) => {
          log({ sessionId, workoutId: entry.workoutId, sets: entry.sets, reps: entry.reps, weightUsed: entry.weight, notes: entry.notes }).then((result) => {
            if ('error' in result) console.error('Logging an exercise failed', result.error);
          });
          setCompleted((list) => [
            ...list,
            {
              workout_id: entry.workoutId,
              name: entry.name,
              sets: entry.sets,
              reps_per_set: entry.reps,
              weight_used_lb: entry.weight,
              ...(entry.notes ? { notes: entry.notes } : {}),
            },
          ]);
        }}
      />
      <section className="card" aria-labelledby="completed-title">
        <h2 id="completed-title">Completed Exercises</h2>
        {completed.length === 0 ? (
          <p className="muted">Nothing logged yet in this session.</p>
        ) : (
          <ul className="completed-list">
            {completed.map((c, i) => (
              <li key={i}>
                <strong>{c.name}</strong>: {c.sets} x {c.reps_per_set}, {c.weight_used_lb} lb
                {c.notes && <span className="muted"> — {c.notes}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** Workout tracker (spec §2 "/track", §4): idle → Begin Workout → session → End Session → idle. */
export default function TrackerPage() {
  const { data: regimens = [], isLoading } = useWorkoutRegimensQuery(undefined, { refetchOnMountOrArgChange: true });
  const [regimenId, setRegimenId] = useState('');
  const [session, setSession] = useState<{ sessionId: string; regimenId: string }>();
  const [showLog, setShowLog] = useState(false);
  const [start, { isLoading: starting }] = useStartTrackerSessionMutation();
  const [startProblem, setStartProblem] = useState<string>();
  const plan = regimens.find((r) => r.regimen_id === (session?.regimenId ?? regimenId));

  const begin = async () => {
    setStartProblem(undefined);
    const result = await start(regimenId);
    if ('error' in result) {
      console.error('Starting a workout session failed', result.error);
      const data = (result.error as { data?: { message?: string } }).data;
      setStartProblem(data?.message ?? 'The workout could not be started. Please try again.');
      return;
    }
    setSession({ sessionId: result.data.sessionId, regimenId });
  };

  return (
    <main className="page screen tracker">
      <div className="page-header row-between">
        <h1>Workout Tracker</h1>
        <button type="button" className="btn btn--secondary" onClick={() => setShowLog(true)}>
          Exercise Log
        </button>
      </div>
      {session ? (
        <TrackerSession
          key={session.sessionId}
          sessionId={session.sessionId}
          regimenId={session.regimenId}
          planName={plan ? plan.name : 'Workout'}
          onEnded={() => {
            setSession(undefined);
            setRegimenId('');
          }}
        />
      ) : isLoading ? (
        <Spinner label="Loading workout plans…" />
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
