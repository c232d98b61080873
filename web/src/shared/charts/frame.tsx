import { timeDay, timeHour, type ScaleTime } from 'd3';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatDate, SHORT_DAY } from '../dates';

/** docs/product.md#numbers-and-constants: every chart is 300 high. */
export const CHART_HEIGHT = 300;
export const MARGIN = { top: 16, right: 20, bottom: 40, left: 52 };

/**
 * The width of the chart's container once it comes near the screen, following resizes (375 px phones to desktops);
 * null before. A chart is drawn once, at its real width, and only when it is about to be seen: a page of charts
 * does not draw the ones below the fold (nor each one first at a guessed width) while it is loading.
 */
export function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(240, Math.floor(el.getBoundingClientRect().width)));
    const resized = new ResizeObserver(measure);
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        near.disconnect();
        // The observer measures at once on observe, so the first draw is at the real width.
        resized.observe(el);
      },
      { rootMargin: '50% 0px' },
    );
    near.observe(el);
    return () => {
      near.disconnect();
      resized.disconnect();
    };
  }, []);
  return { ref, width };
}

/** A titled figure; with no data it says so instead of drawing empty axes. Its body keeps the chart's height until drawn. */
export function ChartFigure(props: { title: string; empty: boolean; emptyText: string; children: (width: number) => ReactNode; legend?: ReactNode }) {
  const { ref, width } = useWidth();
  return (
    <figure className="chart">
      <figcaption className="chart__title">{props.title}</figcaption>
      <div ref={ref} className="chart__body">
        {props.empty ? <p className="chart__empty muted">{props.emptyText}</p> : width !== null && props.children(width)}
      </div>
      {!props.empty && props.legend}
    </figure>
  );
}

/** A tooltip box drawn inside the SVG next to (x, y), kept within the plot. */
export function Tooltip({ x, y, lines, width }: { x: number; y: number; lines: string[]; width: number }) {
  const boxWidth = Math.max(...lines.map((l) => l.length)) * 7 + 16;
  const boxHeight = lines.length * 16 + 10;
  const left = Math.min(Math.max(x - boxWidth / 2, 0), width - boxWidth);
  const top = y - boxHeight - 10 < 0 ? y + 12 : y - boxHeight - 10;
  return (
    <g className="chart__tooltip" transform={`translate(${left},${top})`} pointerEvents="none" aria-hidden="true">
      <rect width={boxWidth} height={boxHeight} rx={6} />
      {lines.map((line, i) => (
        <text key={i} x={8} y={18 + i * 16}>
          {line}
        </text>
      ))}
    </g>
  );
}

const shortDate = (d: Date) => formatDate(d, SHORT_DAY);
const fullDate = (d: Date) => formatDate(d, { ...SHORT_DAY, year: 'numeric' });

/**
 * The x axis of a chart over time, and how it writes a date: 'Mar 3' while the axis stays within one year; across
 * years (a year of analytics) a date alone would be ambiguous, so readings name the year, and so do the first tick and
 * the first tick of each new year.
 */
export function timeAxis(x: ScaleTime<number, number>, width: number) {
  const [d0, d1] = x.domain() as [Date, Date];
  const date = d0.getFullYear() === d1.getFullYear() ? shortDate : fullDate;
  let dates = x.ticks(Math.min(6, Math.max(3, Math.floor(width / 120))));
  // Over a few days d3 ticks every 12 hours, and a date would label two ticks: then a tick a day, at noon, where
  // `dayOf` puts a day's points.
  if (dates.length > 1 && dates[1]!.getTime() - dates[0]!.getTime() < 864e5) {
    dates = timeDay.range(timeDay.floor(d0), d1).map((d) => timeHour.offset(d, 12)).filter((d) => d >= d0 && d <= d1);
  }
  const ticks = dates.map((d, i) => ({ at: x(d), text: i === 0 || d.getFullYear() !== dates[i - 1]!.getFullYear() ? date(d) : shortDate(d) }));
  return { date, ticks };
}

/** A local-calendar date from 'YYYY-MM-DD' (noon, so no time zone moves it to another day). */
export const dayOf = (isoDate: string) => new Date(`${isoDate}T12:00:00`);
