import { useState } from 'react';
import { Later, Spinner } from '../../shared/ui';
import { LoadFailed, reasonOf } from '../../shared/components/LoadFailed';
import { useDashboardActionMutation, useDashboardSummaryQuery, type DashboardAction } from './dashboardApi';
import { MealsCard } from './MealsCard';
import { NoPlansCard } from './NoPlansCard';
import { RecentProgressCard } from './RecentProgressCard';
import { ScheduleCard } from './ScheduleCard';
import { SnapshotCard } from './SnapshotCard';
import { WeekCard } from './WeekCard';
import { WorkoutCard } from './WorkoutCard';
import type { TrainingPieces } from './pieces';
import { useProfileToday } from '../../shared/profile/useProfileToday';
import '../../shared/components/screens.css';
import './dashboard.css';

/** What each dashboard action is called in the message that says it failed. */
const ACTION_NAMES: Record<DashboardAction['action'], string> = {
  'start-workout': 'Starting the workout',
  'advance-workout-day': 'Moving to the next day',
  'reset-workout-progress': 'Resetting daily progress',
  'reset-workout-regimen': 'Restarting the plan',
  'log-meal': 'Logging the meal',
  'undo-meal': 'Undoing the meal',
  'advance-meal-day': 'Moving to the next day',
};

/** The full dashboard for subscribers and staff (docs/product.md#screens-feature-by-feature "Full dashboard", docs/product.md#how-things-change). */
export default function DashboardPage({ training }: { training: TrainingPieces }) {
  const { data, isLoading, error, refetch } = useDashboardSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
  const [send, { isLoading: busy }] = useDashboardActionMutation();
  const today = useProfileToday();
  // A failed action stays on screen with Retry, which sends it again: nothing is lost.
  const [failed, setFailed] = useState<{ action: DashboardAction; reason: string }>();

  // The action's answer is not read (docs/product.md#the-calls); the summary is refetched through the invalidated tag.
  const act = async (action: DashboardAction) => {
    const result = await send(action);
    if ('error' in result) {
      setFailed({ action, reason: reasonOf(result.error) });
      return false;
    }
    setFailed(undefined);
    return true;
  };

  if (isLoading) {
    return (
      <main className="page screen">
        <Spinner label="Loading dashboard…" />
      </main>
    );
  }
  if (!data) {
    return (
      <main className="page screen">
        <LoadFailed what="Error loading dashboard." error={error} retry={refetch} />
      </main>
    );
  }
  const noPlans = !data.workout.planId && !data.nutrition.planId;
  return (
    <main className="page screen dashboard">
      <header className="page-header">
        <h1>Dashboard</h1>
        <p className="muted">{today}</p>
      </header>
      {failed && (
        <LoadFailed what={`${ACTION_NAMES[failed.action.action]} failed.`} reason={failed.reason} retry={() => act(failed.action)} retryLabel="Try again" busy={busy} />
      )}
      <div className="dashboard-grid">
        {noPlans && <NoPlansCard />}
        <SnapshotCard snapshot={data.snapshot} />
        <WorkoutCard workout={data.workout} busy={busy} act={act} training={training} />
        {/* Below the fold on a phone: rendered after the cards above it, in a task of their own. */}
        <Later>
          <MealsCard nutrition={data.nutrition} busy={busy} act={act} />
          <ScheduleCard schedule={data.schedule} />
          <WeekCard weekly={data.weekly} />
          <RecentProgressCard progress={data.progress} RecentRecords={training.RecentRecords} />
        </Later>
      </div>
    </main>
  );
}
