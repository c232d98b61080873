import DashboardPage from '../../features/dashboard/DashboardPage';
import { RecentRecords, SessionInProgress, useSessionInProgress } from '../../features/training';

const TRAINING = { useSessionInProgress, SessionInProgress, RecentRecords };

/** The full dashboard, with training's session in progress and newest records on its cards. */
export default function DashboardScreen() {
  return <DashboardPage training={TRAINING} />;
}
