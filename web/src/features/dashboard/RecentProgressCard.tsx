import { Link } from 'react-router-dom';
import type { DashboardSummary } from './dashboardApi';
import { formatDay } from '../../shared/dates';
import { orDashes } from '../../shared/progressTowardGoal';
import { useUnit, weightText } from '../../shared/units';
import type { TrainingPieces } from './pieces';

const MAX_ROWS = 4;


/** The latest measurements (at most 4 rows) and the way to the full progress page. */
export function RecentProgressCard({ progress, RecentRecords }: { progress: DashboardSummary['progress']; RecentRecords: TrainingPieces['RecentRecords'] }) {
  const rows = progress.slice(0, MAX_ROWS);
  const unit = useUnit();
  return (
    <section className="card" aria-labelledby="recent-progress-title">
      <h2 id="recent-progress-title">Recent Progress</h2>
      {rows.length === 0 ? (
        <p className="muted">No measurements yet. Update your weight on your profile to track it here.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Weight</th>
                <th scope="col">Body fat</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.date}>
                  <td>{formatDay(row.date)}</td>
                  <td>{weightText(row.weightLb, unit)}</td>
                  <td>{orDashes(row.bodyFat, '%')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <RecentRecords />
      <div className="actions">
        <Link className="btn btn--secondary" to="/prog">
          View Full Progress
        </Link>
      </div>
    </section>
  );
}
