import type { DashboardSummary } from './dashboardApi';
import { MacroBars } from '../../shared/components/MacroBars';

/** Today's workout and meals, and the day's macros eaten against the plan's goals. */
export function ScheduleCard({ schedule, nutrition }: { schedule: DashboardSummary['schedule']; nutrition: DashboardSummary['nutrition'] }) {
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
      <h3 className="small-heading">Macros</h3>
      <MacroBars totals={nutrition.dailyLogged} targets={nutrition.dailyGoals} of="eaten today" />
    </section>
  );
}
