import { useProfileInstant } from '../../../shared/profile/useProfileToday';
import type { ProgressWidgetData } from '../progressApi';

const WHEN: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };

/** The newest meals logged and workouts finished, at their times in the profile's zone. */
export function RecentActivity({ activity }: { activity: ProgressWidgetData['activity'] }) {
  const when = useProfileInstant(WHEN);
  return (
    <section className="card" aria-labelledby="recent-activity-title">
      <h2 id="recent-activity-title">Recent Activity</h2>
      {activity.length === 0 ? (
        <p className="muted">No activity yet. Log a meal or finish a workout to see it here.</p>
      ) : (
        <ul className="activity">
          {activity.map((item, i) => (
            <li key={`${item.time}-${i}`} className="activity__item">
              <span className={`tag tag--${item.type}`}>{item.type === 'meal' ? 'Meal' : 'Workout'}</span>
              <span className="activity__detail">{item.detail}</span>
              <time className="activity__time muted small" dateTime={item.time}>
                {when(item.time)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
