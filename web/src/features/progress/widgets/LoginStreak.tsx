import { WeekBoxes } from '../../../shared/components/WeekBoxes';
import type { ProgressWidgetData } from '../progressApi';

/** Seven boxes Monday to Sunday, one for each day shown up (the spec's login boxes), with the current and the longest streak. */
export function LoginStreak({ data }: { data: Pick<ProgressWidgetData, 'weekly_logins' | 'current_streak' | 'longest_streak'> }) {
  const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
  return (
    <section className="card" aria-labelledby="login-streak-title">
      <h2 id="login-streak-title">Streak</h2>
      <WeekBoxes logins={data.weekly_logins} />
      <dl className="stats">
        <div>
          <dt>Current streak</dt>
          <dd>{days(data.current_streak)}</dd>
        </div>
        <div>
          <dt>Longest streak</dt>
          <dd>{days(data.longest_streak)}</dd>
        </div>
      </dl>
    </section>
  );
}
