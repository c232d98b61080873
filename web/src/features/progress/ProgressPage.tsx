import { DateInput, Later, Spinner } from '../../shared/ui';
import { Suspense, useState, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { AreaChart, BarChart, dayOf, LineChart } from '../../shared/charts';
import { useProfileTodayDate } from '../../shared/profile/useProfileToday';
import { isNewUser, useProgressOverviewQuery, type ProgressOverview } from './progressApi';
import { Tabs } from './Tabs';
import { LoadFailed } from '../../shared/components/LoadFailed';
import { MacroBars } from '../../shared/components/MacroBars';
import { LoginStreak } from './widgets/LoginStreak';
import { RecentActivity } from './widgets/RecentActivity';
import { WeeklyStats } from './widgets/WeeklyStats';
import { useUnit, weightIn } from '../../shared/units';
import { formatMonthDay } from '../../shared/dates';
import '../../shared/components/screens.css';
import './progress.css';

/** docs/product.md#numbers-and-constants: the weight axis is padded 1 lb either side, the calorie axis 100. Windows are applied by the server. */
const WEIGHT_PAD_LB = 1;
const CALORIE_PAD = 100;
const PERCENT_PAD = 1;

function WeightChart({ o }: { o: ProgressOverview }) {
  // Kept in pounds, drawn in the person's unit; the pad is the same pound either side.
  const unit = useUnit();
  const target = o.weight.target == null ? null : weightIn(o.weight.target, unit);
  return (
    <LineChart
      title="Weight (last 3 months)"
      series={[{ name: 'Weight', points: o.weight.history.map((p) => ({ x: dayOf(p.date), y: weightIn(p.weight_lb, unit) })) }]}
      target={target == null ? null : { value: target, label: `Target ${target} ${unit}` }}
      yPad={unit === 'kg' ? weightIn(WEIGHT_PAD_LB, 'kg') : WEIGHT_PAD_LB}
      unit={unit}
      yLabel={unit}
      emptyText="No weight logged in the last 3 months. Update your weight on your profile."
    />
  );
}

function WeeklyWorkoutsChart({ o, day }: { o: ProgressOverview; day: string }) {
  const any = o.workouts.history.some((w) => w.workouts > 0);
  return (
    <BarChart
      title="Workouts per week (last 8 weeks)"
      bars={any ? o.workouts.history.map((w) => ({ label: formatMonthDay(w.wk, day), value: w.workouts })) : []}
      unit="workouts"
      yLabel="workouts"
      xLabel="week of"
      emptyText="No workouts finished in the last 8 weeks. Start one from your workout plans or the tracker."
    />
  );
}

function BodyCompositionChart({ o }: { o: ProgressOverview }) {
  const points = (key: 'body_fat_percentage' | 'muscle_percentage') =>
    o.body.history.flatMap((p) => (p[key] == null ? [] : [{ x: dayOf(p.date), y: p[key] }]));
  return (
    <LineChart
      title="Body composition (last 3 months)"
      series={[
        { name: 'Body fat', points: points('body_fat_percentage'), tone: 2 },
        { name: 'Muscle', points: points('muscle_percentage'), tone: 3 },
      ].filter((s) => s.points.length > 0)}
      yPad={PERCENT_PAD}
      unit="%"
      yLabel="%"
      emptyText="No body fat or muscle measurements in the last 3 months. Add them on your profile."
    />
  );
}

function CaloriesChart({ o }: { o: ProgressOverview }) {
  // A day with nothing logged is a gap in the chart, not 0 kcal eaten.
  const logged = o.nutrition.history.some((n) => n.calories !== null);
  return (
    <AreaChart
      title="Daily calories (last month)"
      points={logged ? o.nutrition.history.map((n) => ({ x: dayOf(n.d), y: n.calories })) : []}
      goal={o.nutrition.goal == null ? null : { value: o.nutrition.goal, label: `Goal ${o.nutrition.goal} kcal` }}
      yPad={CALORIE_PAD}
      unit="kcal"
      seriesName="Calories"
      yLabel="kcal"
      emptyText="No meals logged in the last month. Log food on the Food page or meals from the dashboard."
    />
  );
}

/** The macros of an average day logged in the last month (days with nothing logged left out) against the targets. */
function AverageMacros({ o }: { o: ProgressOverview }) {
  const days = o.nutrition.history.flatMap((n) => (n.calories === null ? [] : [n]));
  if (days.length === 0) return null;
  const mean = (pick: (n: (typeof days)[number]) => number | null) => days.reduce((sum, n) => sum + (pick(n) ?? 0), 0) / days.length;
  const average = { calories: mean((n) => n.calories), protein: mean((n) => n.protein), carbs: mean((n) => n.carbs), fats: mean((n) => n.fats) };
  return (
    <section className="card" aria-labelledby="average-macros-title">
      <h2 id="average-macros-title" className="small-heading">
        An average day logged ({days.length} {days.length === 1 ? 'day' : 'days'})
      </h2>
      <MacroBars totals={average} targets={o.nutrition.targets} of="on an average day logged" />
    </section>
  );
}

function NewUserCards() {
  const cards = [
    { to: '/work', title: 'Start a workout', text: 'Open your workout plans and start a session.' },
    { to: '/prof', title: 'Log your measurements', text: 'Add your weight and body composition on your profile.' },
    { to: '/home', title: 'Explore the app', text: 'See what your AI trainer can do for you.' },
  ];
  return (
    <section aria-labelledby="progress-empty-title">
      <h2 id="progress-empty-title">Nothing to show yet</h2>
      <p className="muted">Your charts fill in as you work out, log meals and record your measurements.</p>
      <div className="card-grid">
        {cards.map((c) => (
          <Link key={c.to} to={c.to} className="card card--link">
            <h3>{c.title}</h3>
            <p className="muted">{c.text}</p>
          </Link>
        ))}
      </div>
    </section>
  );
}

/**
 * Progress (docs/product.md#screens-feature-by-feature "/prog"): streak and summary, then tabs of charts drawn with d3 scales and React
 * SVG. The Strength tab is training's (the records' panel): app/ gives it, as a feature imports no other feature.
 */
export default function ProgressPage({ StrengthPanel }: { StrengthPanel: ComponentType }) {
  // "As of": empty is now; a past date redraws every chart as it stood at the end of that day.
  const [asOf, setAsOf] = useState('');
  // The day ends in the profile's zone, as the server ends an `asOf` day: the device's date may be a day off.
  const today = useProfileTodayDate();
  const { data, isLoading, isError, error, refetch } = useProgressOverviewQuery(asOf || undefined, { refetchOnMountOrArgChange: true });
  // Today's answer (the same cache entry when no date is chosen) says the account's first day: the control starts there.
  const { data: current } = useProgressOverviewQuery(undefined);
  const since = current?.since;
  const asOfControl = (
    <p className="progress__as-of">
      {/* The label beside its field, not around it: a DateInput writes its day in text of its own. */}
      <label htmlFor="progress-as-of">As of</label>{' '}
      <DateInput
        id="progress-as-of"
        className="progress__date"
        value={asOf || today}
        min={since}
        max={today}
        onChange={(e) => {
          // Typed past either end: the nearest day there is (the browser's min/max only stop the picker).
          const day = since && e.target.value && e.target.value < since ? since : e.target.value;
          setAsOf(!day || day >= today ? '' : day);
        }}
      />{' '}
      {asOf && (
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setAsOf('')}>
          Back to today
        </button>
      )}
    </p>
  );
  const [tab, setTab] = useState('overview');

  if (isLoading) {
    return (
      <main className="page screen">
        <Spinner label="Loading progress…" />
      </main>
    );
  }
  if (isError || !data) {
    return (
      <main className="page screen">
        <h1>Progress</h1>
        {asOf && asOfControl}
        <LoadFailed what="Failed to load progress." error={error} retry={refetch} />
      </main>
    );
  }
  return (
    <main className="page screen progress">
      <h1>Progress</h1>
      {asOfControl}
      {isNewUser(data) ? (
        <NewUserCards />
      ) : (
        <>
          <div className="card-grid card-grid--two">
            <LoginStreak data={data} />
            <WeeklyStats data={data} />
          </div>
          {/* Below the summary, and below the fold on a phone: rendered after it, in a task of its own. */}
          <Later>
            <Tabs
              label="Progress charts"
              selected={tab}
              onSelect={setTab}
              tabs={[
                {
                  id: 'overview',
                  title: 'Overview',
                  panel: () => (
                    <div className="panel-grid">
                      <RecentActivity activity={data.activity} />
                      <div className="card">
                        <WeightChart o={data} />
                      </div>
                      <div className="card">
                        <WeeklyWorkoutsChart o={data} day={asOf || today} />
                      </div>
                    </div>
                  ),
                },
                {
                  id: 'strength',
                  title: 'Strength',
                  panel: () => (
                    // The panel's code comes when the tab is first chosen; the page stays while it loads.
                    <Suspense fallback={<Spinner label="Loading strength…" />}>
                      <StrengthPanel />
                    </Suspense>
                  ),
                },
                {
                  id: 'body',
                  title: 'Body Metrics',
                  panel: () => (
                    <div className="panel-grid">
                      <div className="card">
                        <BodyCompositionChart o={data} />
                      </div>
                      <div className="card">
                        <WeightChart o={data} />
                      </div>
                    </div>
                  ),
                },
                {
                  id: 'workouts',
                  title: 'Workouts',
                  panel: () => (
                    <div className="card">
                      <WeeklyWorkoutsChart o={data} day={asOf || today} />
                    </div>
                  ),
                },
                {
                  id: 'nutrition',
                  title: 'Nutrition',
                  panel: () => (
                    <div className="panel-grid">
                      <div className="card">
                        <CaloriesChart o={data} />
                      </div>
                      <AverageMacros o={data} />
                    </div>
                  ),
                },
              ]}
            />
          </Later>
        </>
      )}
    </main>
  );
}
