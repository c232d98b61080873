import { area, extent, line, max, min, scaleLinear, scaleTime } from 'd3';
import { useState } from 'react';
import { XAxis, YAxis } from './axes';
import { CHART_HEIGHT, ChartFigure, MARGIN, timeAxis, Tooltip } from './frame';

interface Props {
  title: string;
  /** A point whose y is null is a gap: nothing known there (the line and area break), not a 0. */
  points: Array<{ x: Date; y: number | null }>;
  /** A dashed horizontal goal line. */
  goal?: { value: number; label: string } | null;
  /** Space added above the data (and below, down to 0 at most) on the y axis (docs/product.md#numbers-and-constants: 100 for calories). */
  yPad: number;
  unit: string;
  seriesName: string;
  yLabel?: string;
  emptyText?: string;
}

type Known = { x: Date; y: number };
const known = (p: { x: Date; y: number | null }): p is Known => p.y !== null;

/** A filled area over time with an optional goal line, broken where a value is missing; every known point is focusable for its tooltip. */
export function AreaChart({ title, points: all, goal, yPad, unit, seriesName, yLabel, emptyText = 'No data yet.' }: Props) {
  const [active, setActive] = useState<number>();
  const points = all.filter(known);
  const legend = goal ? (
    <ul className="chart__legend">
      <li>
        <span className="chart__swatch chart__series--1" aria-hidden="true" />
        {seriesName}
      </li>
      <li>
        <span className="chart__swatch chart__swatch--target" aria-hidden="true" />
        {goal.label}
      </li>
    </ul>
  ) : undefined;
  return (
    <ChartFigure title={title} empty={points.length === 0} emptyText={emptyText} legend={legend}>
      {(width) => {
        const [x0, x1] = extent(all, (p) => p.x) as [Date, Date];
        const xDomain = x0.getTime() === x1.getTime() ? [new Date(x0.getTime() - 864e5), new Date(x1.getTime() + 864e5)] : [x0, x1];
        const values = points.map((p) => p.y).concat(goal ? [goal.value] : []);
        const x = scaleTime().domain(xDomain).range([MARGIN.left, width - MARGIN.right]);
        const y = scaleLinear()
          .domain([Math.max(0, min(values)! - yPad), max(values)! + yPad])
          .range([CHART_HEIGHT - MARGIN.bottom, MARGIN.top])
          .nice();
        const base = y.domain()[0]!;
        const fill = area<{ x: Date; y: number | null }>()
          .defined(known)
          .x((p) => x(p.x))
          .y0(y(base))
          .y1((p) => y(p.y ?? base));
        const edge = line<{ x: Date; y: number | null }>()
          .defined(known)
          .x((p) => x(p.x))
          .y((p) => y(p.y ?? base));
        const { date: writeDate, ticks: xTicks } = timeAxis(x, width);
        const yTicks = y.ticks(5).map((v) => ({ at: y(v), text: String(v) }));
        const point = active === undefined ? undefined : points[active];
        return (
          <svg width={width} height={CHART_HEIGHT} role="group" aria-label={title} className="chart__svg">
            <YAxis ticks={yTicks} x={MARGIN.left} y0={MARGIN.top} y1={CHART_HEIGHT - MARGIN.bottom} gridTo={width - MARGIN.right} label={yLabel} />
            <XAxis ticks={xTicks} y={CHART_HEIGHT - MARGIN.bottom} x0={MARGIN.left} x1={width - MARGIN.right} />
            <g className="chart__series--1">
              <path className="chart__area" d={fill(all) ?? undefined} aria-hidden="true" />
              <path className="chart__line" d={edge(all) ?? undefined} fill="none" aria-hidden="true" />
              {points.map((p, i) => (
                <circle
                  key={i}
                  className="chart__point chart__point--small"
                  cx={x(p.x)}
                  cy={y(p.y)}
                  r={active === i ? 5 : 3}
                  tabIndex={0}
                  role="img"
                  aria-label={`${writeDate(p.x)}: ${p.y} ${unit}`}
                  onMouseEnter={() => setActive(i)}
                  onMouseLeave={() => setActive(undefined)}
                  onFocus={() => setActive(i)}
                  onBlur={() => setActive(undefined)}
                />
              ))}
            </g>
            {goal && (
              <line
                className="chart__target"
                x1={MARGIN.left}
                x2={width - MARGIN.right}
                y1={y(goal.value)}
                y2={y(goal.value)}
                strokeDasharray="6 4"
                aria-hidden="true"
              />
            )}
            {point && <Tooltip x={x(point.x)} y={y(point.y)} width={width} lines={[writeDate(point.x), `${seriesName}: ${point.y} ${unit}`]} />}
          </svg>
        );
      }}
    </ChartFigure>
  );
}
