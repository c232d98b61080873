import type { DashboardSummary } from './dashboardApi';
import { workoutsAgainstGoal } from '../../shared/progressTowardGoal';
import { WeekBoxes } from '../../shared/components/WeekBoxes';

/** This week, Monday to Sunday: the days shown up, the streak, workouts, minutes and meals. */
export function WeekCard({ weekly }: { weekly: DashboardSummary['weekly'] }) {
  const logins = Array.from({ length: 7 }, (_, i) => weekly.loginDays.includes(i));
  return (
    <section className="card" aria-labelledby="week-title">
      <h2 id="week-title">This Week</h2>
      <WeekBoxes logins={logins} />
      <dl className="stats">
        <div>
          {/* Days shown up (the spec's login streak), as the boxes above and /prog's Streak count them: one word on both screens. */}
          <dt>Streak</dt>
          <dd>
            {weekly.loginStreak} day{weekly.loginStreak === 1 ? '' : 's'}
          </dd>
        </div>
        <div>
          <dt>Workouts</dt>
          <dd>
            {workoutsAgainstGoal(weekly.workoutsDone, weekly.workoutsTarget)}
          </dd>
        </div>
        <div>
          <dt>Total minutes</dt>
          <dd>{weekly.totalMinutes}</dd>
        </div>
        <div>
          <dt>Meals logged</dt>
          <dd>{weekly.mealsPlanned === undefined ? weekly.mealsLogged : `${weekly.mealsLogged} / ${weekly.mealsPlanned}`}</dd>
        </div>
      </dl>
    </section>
  );
}
