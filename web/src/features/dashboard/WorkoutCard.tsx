import { useNavigate } from 'react-router-dom';
import type { DashboardAction, DashboardSummary } from './dashboardApi';
import { PrimaryPlanCard } from './PrimaryPlanCard';
import { ProgressBar } from './ProgressBar';

interface Props {
  workout: DashboardSummary['workout'];
  busy: boolean;
  act: (action: DashboardAction) => Promise<boolean>;
}

/** The primary workout plan's day (spec §4 "Dashboard workout regimen"). */
export function WorkoutCard({ workout, busy, act }: Props) {
  const navigate = useNavigate();
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
          {workout.percentComplete >= 100 ? (
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
                <button type="button" className="btn btn--primary" disabled={busy} onClick={() => act({ action: 'advance-workout-day', body: { regimenId: planId } })}>
                  Proceed to next day
                </button>
                <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => act({ action: 'reset-workout-progress', body: { regimenId: planId } })}>
                  Reset daily progress
                </button>
              </div>
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
                    if (await act({ action: 'start-workout', body: { regimenId: planId } })) navigate('/work');
                  }}
                >
                  Start workout
                </button>
              </div>
            </>
          )}
        </>
      )}
    </PrimaryPlanCard>
  );
}
