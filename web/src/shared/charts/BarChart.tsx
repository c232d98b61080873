import { max, scaleBand, scaleLinear } from 'd3';
import { useState } from 'react';
import { XAxis, YAxis } from './axes';
import { CHART_HEIGHT, ChartFigure, MARGIN, Tooltip } from './frame';

interface Bar {
  label: string;
  value: number;
}

interface Props {
  title: string;
  bars: Bar[];
  unit: string;
  yLabel?: string;
  xLabel?: string;
  emptyText?: string;
  /** Bars running left to right, each named on its left: for categories whose names would not fit under them. */
  horizontal?: boolean;
}

type BarsProps = Omit<Props, 'emptyText' | 'horizontal'> & { width: number };

/** About this many px a character at the axis's font size. */
const CHAR_PX = 6.5;

const clip = (label: string, chars: number) => (label.length > chars ? `${label.slice(0, Math.max(1, chars - 1))}…` : label);

/** The bar the pointer or the keyboard is on, and the props that make each bar focusable and report it. */
function useActiveBar(unit: string) {
  const [active, setActive] = useState<number>();
  const focusable = (b: Bar, i: number) => ({
    tabIndex: 0,
    role: 'img',
    'aria-label': `${b.label}: ${b.value} ${unit}`.trim(),
    onMouseEnter: () => setActive(i),
    onMouseLeave: () => setActive(undefined),
    onFocus: () => setActive(i),
    onBlur: () => setActive(undefined),
  });
  const tooltipLines = (b: Bar) => [b.label, `${b.value} ${unit}`.trim()];
  return { active, focusable, tooltipLines };
}

/** A value axis from 0 with whole-number ticks, for counts. */
function valueScale(bars: Bar[], range: [number, number]) {
  const scale = scaleLinear()
    .domain([0, Math.max(1, max(bars, (b) => b.value) ?? 0)])
    .range(range)
    .nice();
  // About one tick per 40 px: a narrow axis (bars across, on a phone) has room for three labels, not seven.
  const ticks = scale
    .ticks(Math.min(5, scale.domain()[1]!, Math.max(2, Math.floor(Math.abs(range[1] - range[0]) / 40))))
    .filter((v) => Number.isInteger(v))
    .map((v) => ({ at: scale(v), text: String(v) }));
  return { scale, ticks };
}

/** Bars standing on the x axis, named under it. */
function ColumnBars({ title, bars, unit, yLabel, xLabel, width }: BarsProps) {
  const { active, focusable, tooltipLines } = useActiveBar(unit);
  const x = scaleBand<string>()
    .domain(bars.map((b) => b.label))
    .range([MARGIN.left, width - MARGIN.right])
    .padding(0.25);
  const { scale: y, ticks: yTicks } = valueScale(bars, [CHART_HEIGHT - MARGIN.bottom, MARGIN.top]);
  // Every n-th label only, n as small as lets the longest label fit beside the next, so labels never run into each
  // other; each bar's tooltip names it whole.
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
      {bar && <Tooltip x={x(bar.label)! + x.bandwidth() / 2} y={y(bar.value)} width={width} lines={tooltipLines(bar)} />}
    </svg>
  );
}

/** Bars running across from a column of their names. */
function RowBars({ title, bars, unit, xLabel, width }: BarsProps) {
  const { active, focusable, tooltipLines } = useActiveBar(unit);
  // The names take what they need up to 45% of the width; longer ones are cut (the tooltip has them whole).
  const nameWidth = Math.min(width * 0.45, (max(bars, (b) => b.label.length) ?? 0) * CHAR_PX + 4);
  const left = nameWidth + 12;
  const y = scaleBand<string>()
    .domain(bars.map((b) => b.label))
    .range([MARGIN.top, CHART_HEIGHT - MARGIN.bottom])
    .padding(0.25);
  const { scale: x, ticks: xTicks } = valueScale(bars, [left, width - MARGIN.right]);
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
      {bar && <Tooltip x={x(bar.value)} y={y(bar.label)! + y.bandwidth() / 2} width={width} lines={tooltipLines(bar)} />}
    </svg>
  );
}

/** Bars by category (e.g. workouts per week); each bar is focusable for its tooltip. */
export function BarChart({ title, bars, emptyText = 'No data yet.', horizontal = false, ...rest }: Props) {
  return (
    <ChartFigure title={title} empty={bars.length === 0} emptyText={emptyText}>
      {(width) => (horizontal ? <RowBars title={title} bars={bars} width={width} {...rest} /> : <ColumnBars title={title} bars={bars} width={width} {...rest} />)}
    </ChartFigure>
  );
}
