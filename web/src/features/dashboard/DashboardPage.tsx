import { Spinner } from '../../app/ui';
import { useDashboardActionMutation, useDashboardSummaryQuery, type DashboardAction } from './dashboardApi';
import { MealsCard } from './MealsCard';
import { NoPlansCard } from './NoPlansCard';
import { RecentProgressCard } from './RecentProgressCard';
import { ScheduleCard } from './ScheduleCard';
import { SnapshotCard } from './SnapshotCard';
import { WeekCard } from './WeekCard';
import { WorkoutCard } from './WorkoutCard';
import { useProfileToday } from '../profile/useProfileToday';
import '../common/screens.css';
import './dashboard.css';

/** The full dashboard for subscribers and staff (spec §2 "Full dashboard", §4). */
export default function DashboardPage() {
  const { data, isLoading, error } = useDashboardSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
  const [send, { isLoading: busy }] = useDashboardActionMutation();
  const today = useProfileToday();

  // The action's answer is not read (spec §7); the summary is refetched through the invalidated tag.
  const act = async (action: DashboardAction) => {
    const result = await send(action);
    if ('error' in result) console.error('Dashboard action failed', action.action, result.error);
    return !('error' in result);
  };

  if (isLoading) {
    return (
      <main className="page screen">
        <Spinner label="Loading dashboard…" />
      </main>
    );
  }
  if (!data) {
    if (error) console.error('Dashboard summary failed', error);
    return (
      <main className="page screen">
        <p role="alert">Error loading dashboard.</p>
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
      <div className="dashboard-grid">
        {noPlans && <NoPlansCard />}
        <SnapshotCard snapshot={data.snapshot} />
        <WorkoutCard workout={data.workout} busy={busy} act={act} />
        <MealsCard nutrition={data.nutrition} busy={busy} act={act} />
        <ScheduleCard schedule={data.schedule} nutrition={data.nutrition} />
        <WeekCard weekly={data.weekly} />
        <RecentProgressCard progress={data.progress} />
      </div>
    </main>
  );
}
