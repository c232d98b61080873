import { extent, line, max, min, scaleLinear, scaleTime } from 'd3';
import { useState } from 'react';
import { CHART_HEIGHT, ChartFigure, MARGIN, timeAxis, Tooltip, XAxis, YAxis } from '../../../shared/charts';
import type { ExerciseHistory } from './recordsApi';
import { KG_PER_LB, showLb, showWeight, type WeightUnit } from './units';


/**
 * One exercise's estimated 1RM per session (its top set), drawn with d3 scales; the sessions that raised the record
 * are marked with a larger, filled marker and say so in their reading. Sessions whose top set had more than 12 reps
 * have no e1RM and are left out of the line.
 */
export function RecordChart({ history, unit }: { history: ExerciseHistory; unit: WeightUnit }) {
  const [active, setActive] = useState<number>();
  const inUnit = (lb: number) => (unit === 'kg' ? lb * KG_PER_LB : lb);
  const points = history.sessions.flatMap((s) => (s.e1rm_lb === null ? [] : [{ x: new Date(s.date), y: inUnit(s.e1rm_lb), s }]));
  const records = points.filter((p) => p.s.record).length;
  return (
    <ChartFigure
      title={`${history.name}: estimated 1RM per session (${unit})`}
      empty={points.length === 0}
      emptyText="No sets of 12 reps or fewer yet, so no estimated 1RM."
      legend={
        <ul className="chart__legend">
          <li>
            <span className="chart__swatch chart__series--1" aria-hidden="true" />
            e1RM (top set)
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
        const pad = Math.max(5, (max(points, (p) => p.y)! - min(points, (p) => p.y)!) * 0.1);
        const y = scaleLinear()
          .domain([min(points, (p) => p.y)! - pad, max(points, (p) => p.y)! + pad])
          .range([CHART_HEIGHT - MARGIN.bottom, MARGIN.top])
          .nice();
        const path = line<{ x: Date; y: number }>()
          .x((p) => x(p.x))
          .y((p) => y(p.y));
        const { date, ticks } = timeAxis(x, width);
        const point = active === undefined ? undefined : points[active];
        return (
          <svg width={width} height={CHART_HEIGHT} role="group" aria-label={`${history.name} estimated 1RM`} className="chart__svg">
            <YAxis ticks={y.ticks(5).map((v) => ({ at: y(v), text: String(v) }))} x={MARGIN.left} y0={MARGIN.top} y1={CHART_HEIGHT - MARGIN.bottom} gridTo={width - MARGIN.right} label={unit} />
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
                  aria-label={`${date(p.x)}: e1RM ${showLb(p.s.e1rm_lb!, unit)}, top set ${showWeight(p.s.top_set, unit)} × ${p.s.top_set.reps}${p.s.record ? ', new record' : ''}`}
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
                lines={[date(point.x), `e1RM ${showLb(point.s.e1rm_lb!, unit)}${point.s.record ? ' (record)' : ''}`, `top set ${showWeight(point.s.top_set, unit)} × ${point.s.top_set.reps}`]}
              />
            )}
          </svg>
        );
      }}
    </ChartFigure>
  );
}
