import { extent, line, max, min, scaleLinear, scaleTime } from 'd3';
import { useState } from 'react';
import { CHART_HEIGHT, ChartFigure, MARGIN, timeAxis, Tooltip, XAxis, YAxis } from '../../../shared/charts';
import type { ExerciseHistory } from './recordsApi';
import { KG_PER_LB, showLb, showWeight, type WeightUnit } from './units';


type Session = ExerciseHistory['sessions'][number];

/**
 * What the chart draws per session, by the exercise's kind: a loaded lift's e1RM in the person's unit, a body-weight
 * move's most reps, a hold's longest in seconds, cardio's distance (else its minutes). Never a weight axis for a
 * move with no weight.
 */
function measureOf(kind: ExerciseHistory['kind'], unit: WeightUnit, sessions: Session[]) {
  const clock = (seconds: number) => `${Math.round(seconds)} s`;
  const e1rm = { what: 'estimated 1RM', axis: unit, empty: 'No sets of 12 reps or fewer yet, so no estimated 1RM.', y: (s: Session) => (s.e1rm_lb === null ? null : unit === 'kg' ? s.e1rm_lb * KG_PER_LB : s.e1rm_lb), says: (s: Session) => `e1RM ${showLb(s.e1rm_lb!, unit)}, top set ${showWeight(s.top_set, unit)} × ${s.top_set.reps}` };
  if (kind === 'bodyweight') return { what: 'most reps in a set', axis: 'reps', empty: 'No sets yet.', y: (s: Session) => s.top_set.reps, says: (s: Session) => `${s.top_set.reps} reps${s.top_set.weight > 0 ? ` + ${showWeight(s.top_set, unit)}` : ''}` };
  if (kind === 'timed') return { what: 'longest hold', axis: 's', empty: 'No holds yet.', y: (s: Session) => s.top_set.seconds ?? null, says: (s: Session) => clock(s.top_set.seconds ?? 0) };
  if (kind === 'distance' && sessions.some((s) => s.top_set.distance !== undefined)) {
    const distanceUnit = sessions.find((s) => s.top_set.distance_unit)?.top_set.distance_unit ?? 'km';
    return { what: 'distance', axis: distanceUnit, empty: 'No cardio yet.', y: (s: Session) => s.top_set.distance ?? null, says: (s: Session) => `${s.top_set.distance ?? 0} ${s.top_set.distance_unit ?? distanceUnit} in ${Math.round((s.top_set.seconds ?? 0) / 60)} min` };
  }
  if (kind === 'distance') return { what: 'minutes', axis: 'min', empty: 'No cardio yet.', y: (s: Session) => (s.top_set.seconds === undefined ? null : s.top_set.seconds / 60), says: (s: Session) => `${Math.round((s.top_set.seconds ?? 0) / 60)} min` };
  return e1rm;
}

/**
 * One exercise's best per session (its top set, by the exercise's kind: `measureOf`), drawn with d3 scales; the
 * sessions that raised the record are marked with a larger, filled marker and say so in their reading. Sessions with
 * nothing to draw (a loaded top set above 12 reps has no e1RM) are left out of the line.
 */
export function RecordChart({ history, unit }: { history: ExerciseHistory; unit: WeightUnit }) {
  const [active, setActive] = useState<number>();
  const measure = measureOf(history.kind, unit, history.sessions);
  const points = history.sessions.flatMap((s) => {
    const y = measure.y(s);
    return y === null ? [] : [{ x: new Date(s.date), y, s }];
  });
  const records = points.filter((p) => p.s.record).length;
  return (
    <ChartFigure
      title={`${history.name}: ${measure.what} per session (${measure.axis})`}
      empty={points.length === 0}
      emptyText={measure.empty}
      legend={
        <ul className="chart__legend">
          <li>
            <span className="chart__swatch chart__series--1" aria-hidden="true" />
            {measure.what} (top set)
          </li>
          <li>
            <span className="record-chart__swatch" aria-hidden="true" />
            new record ({records})
          </li>
        </ul>
      }
    >
      {(width) => {
        const [x0, x1] = extent(points, (p) => p.x) as [Date, Date];
        const xDomain = x0.getTime() === x1.getTime() ? [new Date(x0.getTime() - 864e5), new Date(x1.getTime() + 864e5)] : [x0, x1];
        const x = scaleTime().domain(xDomain).range([MARGIN.left, width - MARGIN.right]);
        const pad = Math.max(history.kind === 'weighted' ? 5 : 1, (max(points, (p) => p.y)! - min(points, (p) => p.y)!) * 0.1);
        // Nothing measured here is below zero: the axis starts at 0 at the lowest.
        const y = scaleLinear()
          .domain([Math.max(0, min(points, (p) => p.y)! - pad), max(points, (p) => p.y)! + pad])
          .range([CHART_HEIGHT - MARGIN.bottom, MARGIN.top])
          .nice();
        const path = line<{ x: Date; y: number }>()
          .x((p) => x(p.x))
          .y((p) => y(p.y));
        const { date, ticks } = timeAxis(x, width);
        const point = active === undefined ? undefined : points[active];
        return (
          <svg width={width} height={CHART_HEIGHT} role="group" aria-label={`${history.name} ${measure.what}`} className="chart__svg">
            <YAxis ticks={y.ticks(5).map((v) => ({ at: y(v), text: String(v) }))} x={MARGIN.left} y0={MARGIN.top} y1={CHART_HEIGHT - MARGIN.bottom} gridTo={width - MARGIN.right} label={measure.axis} />
            <XAxis ticks={ticks} y={CHART_HEIGHT - MARGIN.bottom} x0={MARGIN.left} x1={width - MARGIN.right} />
            <g className="chart__series--1">
              <path className="chart__line" d={path(points) ?? undefined} fill="none" aria-hidden="true" />
              {points.map((p, i) => (
                <circle
                  key={p.s.session_id}
                  className={p.s.record ? 'record-chart__record' : 'chart__point'}
                  cx={x(p.x)}
                  cy={y(p.y)}
                  r={p.s.record ? 7 : 4}
                  tabIndex={0}
                  role="img"
                  aria-label={`${date(p.x)}: ${measure.says(p.s)}${p.s.record ? ', new record' : ''}`}
                  onFocus={() => setActive(i)}
                  onBlur={() => setActive(undefined)}
                  onPointerEnter={() => setActive(i)}
                  onPointerLeave={() => setActive(undefined)}
                />
              ))}
            </g>
            {point && (
              <Tooltip
                x={x(point.x)}
                y={y(point.y)}
                width={width}
                lines={[date(point.x), `${measure.says(point.s)}${point.s.record ? ' (record)' : ''}`]}
              />
            )}
          </svg>
        );
      }}
    </ChartFigure>
  );
}
