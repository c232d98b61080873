import { useState } from 'react';
import { ADMIN_ROLE } from '../../shared/auth/access';
import { selectClaims } from '../../shared/auth/authSlice';
import { useAppSelector } from '../../shared/store/hooks';
import { DateInput, Spinner } from '../../shared/ui';
import { BarChart, dayOf, LineChart } from '../../shared/charts';
import { SERIES } from '../../../../contract/analytics/seriesNames';
import { addDays } from 'date-fns/addDays';
import { formatISO } from 'date-fns/formatISO';
import { parseISO } from 'date-fns/parseISO';
import { todayDate } from '../../shared/profile/useProfileToday';
import { useAnalyticsSeriesQuery, type AnalyticsSeries } from './analyticsApi';
import '../../shared/components/screens.css';
import './analytics.css';

const num = (v: unknown) => (typeof v === 'number' ? v : 0);
/** Categories are listed whether or not anything happened; a chart of only zero-length bars says nothing. */
const nothingIn = (rows: AnalyticsSeries['rows'], measure: string) => rows.every((r) => num(r[measure]) === 0);

/** The figure(s) for one series, drawn with the same chart components as /prog. */
function SeriesCharts({ s }: { s: AnalyticsSeries }) {
  const [x, ...keys] = s.columns;
  const numeric = keys.filter((k) => s.rows.some((r) => typeof r[k] === 'number'));
  const overTime = x === 'day' || x === 'week';
  if (overTime) {
    // Days and weeks are lines, one per measure; bars for hundreds of days would not read.
    // Workouts and their minutes differ a hundredfold, so each gets its own chart.
    const groups =
      s.name === 'workouts'
        ? [
            { keys: ['workouts', 'imported_workouts'], title: 'Workouts completed per UTC week (imported ones apart)' },
            { keys: ['minutes', 'imported_minutes'], title: 'Minutes of those workouts per UTC week' },
          ]
        : [{ keys: numeric, title: s.title }];
    return (
      <>
        {groups.map(({ keys: group, title }) => (
          <LineChart
            key={title}
            title={title}
            series={group.map((k, i) => ({ name: k.replace(/_/g, ' '), points: s.rows.map((r) => ({ x: dayOf(String(r[x])), y: num(r[k]) })), tone: i + 1 }))}
            yPad={0}
            counts
            incompleteFrom={s.incomplete?.length ? dayOf(s.incomplete[0]!) : undefined}
            unit=""
            emptyText="Nothing in this range."
          />
        ))}
      </>
    );
  }
  // Categories: one bar chart of the main measure (totals, counts, tickets opened and hours to Completed), the bars
  // running across so that each category is named in full or nearly.
  const rows = s.name === 'cancellation-reasons' ? s.rows.filter((r) => r.other_text === null) : s.rows;
  const measures =
    s.name === 'tickets'
      ? [
          { m: 'opened', title: 'Tickets opened by component (in the range)' },
          { m: 'median_hours_to_completed', title: 'Their median time to Completed, by component' },
        ]
      : [{ m: s.name === 'funnel' ? 'total' : 'count', title: s.title }];
  return (
    <>
      {measures.map(({ m, title }) => (
        <BarChart
          key={m}
          title={title}
          // A category without a figure (no ticket of it completed: no median) gets no bar, not one of length 0.
          bars={nothingIn(rows, m) ? [] : rows.filter((r) => r[m] !== null).map((r) => ({ label: String(r[x!]), value: num(r[m]) }))}
          unit={m.includes('hours') ? 'hours' : ''}
          horizontal
          emptyText="Nothing in this range."
        />
      ))}
    </>
  );
}

function SeriesCard({ name, from, to }: { name: string; from: string; to: string }) {
  const { data, isFetching, isError } = useAnalyticsSeriesQuery({ name, from: from || undefined, to: to || undefined });
  return (
    <section className="card" aria-busy={isFetching} aria-label={data?.title ?? name}>
      {isError ? <p role="alert">Could not load {name}.</p> : !data ? <Spinner label={`Loading ${name}…`} /> : <SeriesCharts s={data} />}
      {data && (
        <details>
          <summary>Table ({data.rows.length} {data.rows.length === 1 ? 'row' : 'rows'})</summary>
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  {data.columns.map((c) => (
                    <th key={c}>{c}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((r, i) => (
                  <tr key={i}>
                    {data.columns.map((c) => (
                      <td key={c}>{r[c] === null ? '' : String(r[c])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </section>
  );
}

const PRESETS = [
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
  { label: 'Last 90 days', days: 90 },
  { label: 'Last year', days: 365 },
  { label: 'All', days: 0 },
];
/** The last `days` UTC days up to today; 0: no bounds (every day with data). */
function presetRange(days: number) {
  if (days === 0) return { from: '', to: '' };
  const today = todayDate('UTC');
  return { from: formatISO(addDays(parseISO(today), -(days - 1)), { representation: 'date' }), to: today };
}

/** /analytics for staff (role 2): every analytics series over a range of UTC days; others see why they cannot. */
export default function AnalyticsPage() {
  const claims = useAppSelector(selectClaims);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  if (claims?.role !== ADMIN_ROLE) {
    return (
      <main className="page screen">
        <h1>Analytics</h1>
        <p role="alert">403: analytics are for staff only.</p>
      </main>
    );
  }
  return (
    <main className="page screen analytics">
      <h1>Analytics</h1>
      <div className="analytics__presets" role="group" aria-label="Range">
        {PRESETS.map(({ label, days }) => {
          const range = presetRange(days);
          const on = from === range.from && to === range.to;
          return (
            <button key={label} type="button" className="btn btn--secondary btn--small" aria-pressed={on} onClick={() => (setFrom(range.from), setTo(range.to))}>
              {label}
            </button>
          );
        })}
      </div>
      <form className="analytics__range" onSubmit={(e) => e.preventDefault()}>
        {/* Labels beside their fields, not around them: a DateInput writes its day in text of its own. */}
        <label htmlFor="analytics-from">From</label> <DateInput id="analytics-from" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />{' '}
        <label htmlFor="analytics-to">To</label> <DateInput id="analytics-to" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />{' '}
        <span className="muted">UTC days; empty means every day with data. Weeks run Monday to Sunday, counted up to the last day.</span>
      </form>
      <div className="panel-grid">
        {SERIES.map((name) => (
          <SeriesCard key={name} name={name} from={from} to={to} />
        ))}
      </div>
    </main>
  );
}
