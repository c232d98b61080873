import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../shared/ui';
import type { DashboardAction, DashboardSummary } from './dashboardApi';
import type { TrainingPieces } from './pieces';
import { PrimaryPlanCard } from './PrimaryPlanCard';
import { ProgressBar } from '../../shared/components/ProgressBar';

interface Props {
  workout: DashboardSummary['workout'];
  busy: boolean;
  act: (action: DashboardAction) => Promise<boolean>;
  training: Pick<TrainingPieces, 'useSessionInProgress' | 'SessionInProgress'>;
}

/** The primary workout plan's day (docs/product.md#how-things-change "Dashboard workout regimen"). */
export function WorkoutCard({ workout, busy, act, training: { useSessionInProgress, SessionInProgress } }: Props) {
  const navigate = useNavigate();
  const session = useSessionInProgress();
  const [confirmReset, setConfirmReset] = useState(false);
  return (
    <PrimaryPlanCard id="workout-card-title" title="Workout" kind="workout" planId={workout.planId} planName={workout.planName}>
      {(planId) => (
        <>
          <div className="stack-sm">
            <div className="row-between small">
              <span>This cycle</span>
              <span>{Math.round(workout.percentComplete)}%</span>
            </div>
            <ProgressBar label="Workout plan completion" percent={workout.percentComplete} />
          </div>
          {session ? (
            <SessionInProgress {...session} />
          ) : workout.percentComplete >= 100 ? (
            <>
              <p className="callout callout--success">You completed every workout of this plan's week. Great work!</p>
              <div className="actions">
                <button type="button" className="btn btn--primary" disabled={busy} onClick={() => act({ action: 'reset-workout-regimen', body: { regimenId: planId } })}>
                  Restart regimen
                </button>
              </div>
            </>
          ) : workout.todayDone ? (
            <>
              <p className="callout callout--success">Today's workout is logged. Nice job!</p>
              <p>
                <span className="muted">Next up:</span> <strong>{workout.nextSummary}</strong>
              </p>
              <div className="actions">
                <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => setConfirmReset(true)}>
                  Reset daily progress
                </button>
              </div>
              <Dialog
                open={confirmReset}
                alert
                onClose={() => setConfirmReset(false)}
                title="Reset daily progress?"
                actions={
                  <>
                    <button type="button" className="btn btn--secondary" onClick={() => setConfirmReset(false)}>
                      Cancel
                    </button>
                    <button
                      type="button"
                      className="btn btn--danger"
                      disabled={busy}
                      onClick={async () => {
                        await act({ action: 'reset-workout-progress', body: { regimenId: planId } });
                        setConfirmReset(false);
                      }}
                    >
                      Reset
                    </button>
                  </>
                }
              >
                <p>Today's day of the plan will show as not done, and the plan goes back to it. The exercises you logged stay in your Exercise Log and still count toward this week's workouts.</p>
              </Dialog>
            </>
          ) : (
            <>
              <p>
                <span className="muted">Today:</span> <strong>{workout.currentSummary}</strong>
              </p>
              <div className="actions">
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={busy}
                  onClick={async () => {
                    // Exercises are logged in the tracker, so the workout goes on there.
                    if (await act({ action: 'start-workout', body: { regimenId: planId } })) void navigate('/track');
                  }}
                >
                  Start workout
                </button>
                {/* The plan moves on by itself after each workout; this is for a day the person means to skip. */}
                <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => act({ action: 'advance-workout-day', body: { regimenId: planId } })}>
                  Proceed to next day
                </button>
              </div>
            </>
          )}
        </>
      )}
    </PrimaryPlanCard>
  );
}
