import { recordLine } from './NewRecords';
import { useRecentRecordsQuery } from './recordsApi';
import { useUnits } from './useUnits';
import './records.css';
import { formatDate, SHORT_DAY } from '../../../shared/dates';

const MAX_ROWS = 4;

/** The records the user's last sessions broke (the dashboard's Recent Progress); nothing while there are none. */
export function RecentRecords() {
  const unit = useUnits();
  const { data = [] } = useRecentRecordsQuery();
  if (data.length === 0) return null;
  return (
    <div className="recent-records">
      <h3 className="small-heading">New records</h3>
      <ul className="new-records">
        {data.slice(0, MAX_ROWS).map((r) => (
          <li key={`${r.session_id}-${r.exercise}-${r.kind}`}>
              {recordLine(r, unit)} <span className="muted">({formatDate(r.achieved_at, SHORT_DAY)})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
