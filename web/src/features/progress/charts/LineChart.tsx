import { extent, line, max, min, scaleLinear, scaleTime } from 'd3';
import { useState } from 'react';
import { XAxis, YAxis } from './axes';
import { CHART_HEIGHT, ChartFigure, MARGIN, shortDate, Tooltip } from './frame';

export interface LineSeries {
  name: string;
  points: Array<{ x: Date; y: number }>;
  /** A CSS class for the line's colour: chart__series--1, --2, … */
  tone?: number;
}

interface Props {
  title: string;
  series: LineSeries[];
  /** A dashed horizontal line, e.g. the target weight. */
  target?: { value: number; label: string } | null;
  /** Space added above and below the data on the y axis (spec §9: 1 lb for weight). */
  yPad: number;
  unit: string;
  yLabel?: string;
  emptyText?: string;
}

/** Lines over time, one per series, with an optional dashed target; every point is focusable for its tooltip. */
export function LineChart({ title, series, target, yPad, unit, yLabel, emptyText = 'No data yet.' }: Props) {
  const [active, setActive] = useState<{ s: number; i: number }>();
  const all = series.flatMap((s) => s.points);
  const legend =
    series.length > 1 || target ? (
      <ul className="chart__legend">
        {series.map((s, i) => (
          <li key={s.name}>
            <span className={`chart__swatch chart__series--${s.tone ?? i + 1}`} aria-hidden="true" />
            {s.name}
          </li>
        ))}
        {target && (
          <li>
            <span className="chart__swatch chart__swatch--target" aria-hidden="true" />
            {target.label}
          </li>
        )}
      </ul>
    ) : undefined;

  return (
    <ChartFigure title={title} empty={all.length === 0} emptyText={emptyText} legend={legend}>
      {(width) => {
        const [x0, x1] = extent(all, (p) => p.x) as [Date, Date];
        // One point still gets a readable axis: a day either side.
        const xDomain = x0.getTime() === x1.getTime() ? [new Date(x0.getTime() - 864e5), new Date(x1.getTime() + 864e5)] : [x0, x1];
        const values = all.map((p) => p.y).concat(target ? [target.value] : []);
        const x = scaleTime().domain(xDomain).range([MARGIN.left, width - MARGIN.right]);
        const y = scaleLinear()
          .domain([min(values)! - yPad, max(values)! + yPad])
          .range([CHART_HEIGHT - MARGIN.bottom, MARGIN.top])
          .nice();
        const path = line<{ x: Date; y: number }>()
          .x((p) => x(p.x))
          .y((p) => y(p.y));
        const xTicks = x.ticks(Math.min(6, Math.max(2, Math.floor(width / 120)))).map((d) => ({ at: x(d), text: shortDate(d) }));
        const yTicks = y.ticks(5).map((v) => ({ at: y(v), text: String(v) }));
        const point = active && series[active.s]?.points[active.i];
        return (
          <svg width={width} height={CHART_HEIGHT} role="group" aria-label={title} className="chart__svg">
            <YAxis ticks={yTicks} x={MARGIN.left} y0={MARGIN.top} y1={CHART_HEIGHT - MARGIN.bottom} gridTo={width - MARGIN.right} label={yLabel} />
            <XAxis ticks={xTicks} y={CHART_HEIGHT - MARGIN.bottom} x0={MARGIN.left} x1={width - MARGIN.right} />
            {target && (
              <line
                className="chart__target"
                x1={MARGIN.left}
                x2={width - MARGIN.right}
                y1={y(target.value)}
                y2={y(target.value)}
                strokeDasharray="6 4"
                aria-hidden="true"
              />
            )}
            {series.map((s, si) => (
              <g key={s.name} className={`chart__series--${s.tone ?? si + 1}`}>
                <path className="chart__line" d={path(s.points) ?? undefined} fill="none" aria-hidden="true" />
                {s.points.map((p, i) => (
                  <circle
                    key={i}
                    className="chart__point"
                    cx={x(p.x)}
                    cy={y(p.y)}
                    r={active?.s === si && active.i === i ? 6 : 4}
                    tabIndex={0}
                    role="img"
                    aria-label={`${s.name}, ${shortDate(p.x)}: ${p.y} ${unit}`}
                    onMouseEnter={() => setActive({ s: si, i })}
                    onMouseLeave={() => setActive(undefined)}
                    onFocus={() => setActive({ s: si, i })}
                    onBlur={() => setActive(undefined)}
                  />
                ))}
              </g>
            ))}
            {point && active && (
              <Tooltip x={x(point.x)} y={y(point.y)} width={width} lines={[shortDate(point.x), `${series[active.s]!.name}: ${point.y} ${unit}`]} />
            )}
          </svg>
        );
      }}
    </ChartFigure>
  );
}
