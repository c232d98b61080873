import type { DashboardSummary } from './dashboardApi';

/** Today's workout and the primary meal plan's meals, each done or to do (what was eaten is on the meals card). */
export function ScheduleCard({ schedule }: { schedule: DashboardSummary['schedule'] }) {
  return (
    <section className="card" aria-labelledby="schedule-title">
      <h2 id="schedule-title">Today's Schedule</h2>
      {schedule.length === 0 ? (
        <p className="muted">Nothing scheduled for today.</p>
      ) : (
        <ul className="schedule">
          {schedule.map((item, i) => (
            <li key={`${item.when}-${i}`} className={item.done ? 'schedule__item schedule__item--done' : 'schedule__item'}>
              <span className="schedule__when">{item.when}</span>
              <span className="schedule__name">{item.name}</span>
              <span className="schedule__status">{item.done ? '✓ Done' : 'To do'}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
