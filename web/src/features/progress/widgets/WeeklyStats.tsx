import { ProgressBar } from '../../../shared/components/ProgressBar';
import { workoutsAgainstGoal } from '../../../shared/progressTowardGoal';
import { useUnit, weightText } from '../../../shared/units';
import type { ProgressWidgetData } from '../progressApi';

/** This week's workouts against the weekly goal, and the weight against its target. */
export function WeeklyStats({ data }: { data: Pick<ProgressWidgetData, 'workouts' | 'weight'> }) {
  const { completed, weekly_goal } = data.workouts;
  const unit = useUnit();
  return (
    <section className="card" aria-labelledby="weekly-stats-title">
      <h2 id="weekly-stats-title">Summary</h2>
      <dl className="stats">
        <div>
          <dt>Workouts this week</dt>
          <dd>
            {workoutsAgainstGoal(completed, weekly_goal)}
          </dd>
        </div>
        <div>
          <dt>Current weight</dt>
          <dd>{weightText(data.weight.current, unit)}</dd>
        </div>
        <div>
          <dt>Target weight</dt>
          <dd>{weightText(data.weight.target, unit)}</dd>
        </div>
      </dl>
      <p className="small muted summary__goal">Weekly workout goal</p>
      <ProgressBar label="Workouts this week toward the weekly goal" percent={weekly_goal ? (completed / weekly_goal) * 100 : 0} disabled={!weekly_goal} />
    </section>
  );
}
