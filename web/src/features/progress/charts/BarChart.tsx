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
}

/** Bars by category (e.g. workouts per week); each bar is focusable for its tooltip. */
export function BarChart({ title, bars, unit, yLabel, xLabel, emptyText = 'No data yet.' }: Props) {
  const [active, setActive] = useState<number>();
  return (
    <ChartFigure title={title} empty={bars.length === 0} emptyText={emptyText}>
      {(width) => {
        const x = scaleBand<string>()
          .domain(bars.map((b) => b.label))
          .range([MARGIN.left, width - MARGIN.right])
          .padding(0.25);
        const y = scaleLinear()
          .domain([0, Math.max(1, max(bars, (b) => b.value) ?? 0)])
          .range([CHART_HEIGHT - MARGIN.bottom, MARGIN.top])
          .nice();
        // Whole-number counts get whole-number ticks.
        const yTicks = y
          .ticks(Math.min(5, y.domain()[1]!))
          .filter((v) => Number.isInteger(v))
          .map((v) => ({ at: y(v), text: String(v) }));
        // Every n-th label only, n as small as lets the longest label fit beside the next (about 6.5 px a character
        // at the axis's font size), so labels never run into each other; each bar's tooltip names it whole.
        const longest = max(bars, (b) => b.label.length) ?? 0;
        const every = Math.max(1, Math.ceil((longest * 6.5 + 8) / x.step()));
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
                tabIndex={0}
                role="img"
                aria-label={`${b.label}: ${b.value} ${unit}`}
                onMouseEnter={() => setActive(i)}
                onMouseLeave={() => setActive(undefined)}
                onFocus={() => setActive(i)}
                onBlur={() => setActive(undefined)}
              />
            ))}
            {bar && <Tooltip x={x(bar.label)! + x.bandwidth() / 2} y={y(bar.value)} width={width} lines={[bar.label, `${bar.value} ${unit}`]} />}
          </svg>
        );
      }}
    </ChartFigure>
  );
}
