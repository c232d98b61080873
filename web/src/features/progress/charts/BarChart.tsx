import { max, scaleBand, scaleLinear } from 'd3';
import { useState } from 'react';
import { XAxis, YAxis } from './axes';
import { CHART_HEIGHT, ChartFigure, MARGIN, Tooltip } from './frame';

interface Props {
  title: string;
  bars: Array<{ label: string; value: number }>;
  unit: string;
  yLabel?: string;
  xLabel?: string;
  emptyText?: string;
  /** Bars running left to right, each named on its left: for categories whose names would not fit under them. */
  horizontal?: boolean;
}

/** About this many px a character at the axis's font size. */
const CHAR_PX = 6.5;

const clip = (label: string, chars: number) => (label.length > chars ? `${label.slice(0, Math.max(1, chars - 1))}…` : label);

/** Bars by category (e.g. workouts per week); each bar is focusable for its tooltip. */
export function BarChart({ title, bars, unit, yLabel, xLabel, emptyText = 'No data yet.', horizontal = false }: Props) {
  const [active, setActive] = useState<number>();
  const focusable = (b: { label: string; value: number }, i: number) => ({
    tabIndex: 0,
    role: 'img',
    'aria-label': `${b.label}: ${b.value} ${unit}`.trim(),
    onMouseEnter: () => setActive(i),
    onMouseLeave: () => setActive(undefined),
    onFocus: () => setActive(i),
    onBlur: () => setActive(undefined),
  });
  return (
    <ChartFigure title={title} empty={bars.length === 0} emptyText={emptyText}>
      {(width) => {
        const top = Math.max(1, max(bars, (b) => b.value) ?? 0);
        if (horizontal) {
          // The names take what they need up to 45% of the width; longer ones are cut (the tooltip has them whole).
          const nameWidth = Math.min(width * 0.45, (max(bars, (b) => b.label.length) ?? 0) * CHAR_PX + 4);
          const left = nameWidth + 12;
          const y = scaleBand<string>()
            .domain(bars.map((b) => b.label))
            .range([MARGIN.top, CHART_HEIGHT - MARGIN.bottom])
            .padding(0.25);
          const x = scaleLinear().domain([0, top]).range([left, width - MARGIN.right]).nice();
          const xTicks = x
            .ticks(Math.min(5, x.domain()[1]!))
            .filter((v) => Number.isInteger(v))
            .map((v) => ({ at: x(v), text: String(v) }));
          const bar = active === undefined ? undefined : bars[active];
          return (
            <svg width={width} height={CHART_HEIGHT} role="group" aria-label={title} className="chart__svg">
              <XAxis ticks={xTicks} y={CHART_HEIGHT - MARGIN.bottom} x0={left} x1={width - MARGIN.right} label={xLabel} />
              <g className="chart__axis" aria-hidden="true">
                <line x1={left} x2={left} y1={MARGIN.top} y2={CHART_HEIGHT - MARGIN.bottom} />
                {bars.map((b) => (
                  <text key={b.label} x={left - 8} y={y(b.label)! + y.bandwidth() / 2} dy="0.35em" textAnchor="end">
                    {clip(b.label, Math.floor(nameWidth / CHAR_PX))}
                  </text>
                ))}
              </g>
              {bars.map((b, i) => (
                <rect
                  key={b.label}
                  className={active === i ? 'chart__bar chart__bar--active' : 'chart__bar'}
                  x={left}
                  y={y(b.label)}
                  width={Math.max(0, x(b.value) - left)}
                  height={y.bandwidth()}
                  rx={3}
                  {...focusable(b, i)}
                />
              ))}
              {bar && <Tooltip x={x(bar.value)} y={y(bar.label)! + y.bandwidth() / 2} width={width} lines={[bar.label, `${bar.value} ${unit}`.trim()]} />}
            </svg>
          );
        }
        const x = scaleBand<string>()
          .domain(bars.map((b) => b.label))
          .range([MARGIN.left, width - MARGIN.right])
          .padding(0.25);
        const y = scaleLinear()
          .domain([0, top])
          .range([CHART_HEIGHT - MARGIN.bottom, MARGIN.top])
          .nice();
        // Whole-number counts get whole-number ticks.
        const yTicks = y
          .ticks(Math.min(5, y.domain()[1]!))
          .filter((v) => Number.isInteger(v))
          .map((v) => ({ at: y(v), text: String(v) }));
        // Every n-th label only, n as small as lets the longest label fit beside the next, so labels never run into
        // each other; each bar's tooltip names it whole.
        const longest = max(bars, (b) => b.label.length) ?? 0;
        const every = Math.max(1, Math.ceil((longest * CHAR_PX + 8) / x.step()));
        const xTicks = bars.filter((_, i) => i % every === 0).map((b) => ({ at: x(b.label)! + x.bandwidth() / 2, text: b.label }));
        const bar = active === undefined ? undefined : bars[active];
        return (
          <svg width={width} height={CHART_HEIGHT} role="group" aria-label={title} className="chart__svg">
            <YAxis ticks={yTicks} x={MARGIN.left} y0={MARGIN.top} y1={CHART_HEIGHT - MARGIN.bottom} gridTo={width - MARGIN.right} label={yLabel} />
            <XAxis ticks={xTicks} y={CHART_HEIGHT - MARGIN.bottom} x0={MARGIN.left} x1={width - MARGIN.right} label={xLabel} />
            {bars.map((b, i) => (
              <rect
                key={b.label}
                className={active === i ? 'chart__bar chart__bar--active' : 'chart__bar'}
                x={x(b.label)}
                y={y(b.value)}
                width={x.bandwidth()}
                height={Math.max(0, CHART_HEIGHT - MARGIN.bottom - y(b.value))}
                rx={3}
                {...focusable(b, i)}
              />
            ))}
            {bar && <Tooltip x={x(bar.label)! + x.bandwidth() / 2} y={y(bar.value)} width={width} lines={[bar.label, `${bar.value} ${unit}`.trim()]} />}
          </svg>
        );
      }}
    </ChartFigure>
  );
}
