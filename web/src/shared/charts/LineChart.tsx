import { bisector, extent, line, max, min, scaleLinear, scaleTime } from 'd3';
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { XAxis, YAxis } from './axes';
import { CHART_HEIGHT, ChartFigure, MARGIN, timeAxis, Tooltip } from './frame';

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
  /** Space added above and below the data on the y axis (docs/product.md#numbers-and-constants: 1 lb for weight). */
  yPad: number;
  unit: string;
  yLabel?: string;
  emptyText?: string;
  /** The values count things: the y axis starts at 0 and has whole numbers only. */
  counts?: boolean;
  /** Points from this date on are of periods not over yet (figures so far): their line is dashed, their reading says so. */
  incompleteFrom?: Date;
}

/**
 * Past this many points in a series (or where markers would stand closer than 8 px) the lines are drawn without a
 * marker per point: a year of days would be a smear of circles and hundreds of tab stops. One place on the plot then
 * takes the pointer and the arrow keys.
 */
export const MARKERS_UP_TO = 60;

const byDate = bisector((p: { x: Date }) => p.x);

/**
 * Lines over time, one per series, with an optional dashed target. With few points every point is focusable for its
 * tooltip; with many (`MARKERS_UP_TO`), the plot is, and its tooltip reads every series at the nearest date. Points
 * from `incompleteFrom` on continue the line dashed: periods not over yet.
 */
type Point = LineSeries['points'][number];
type Scale = (value: number | Date) => number;

/** The series' names and colours, the target's and the dashed "so far" line's. */
function Legend({ series, target, dashed }: Pick<Props, 'series' | 'target'> & { dashed: boolean }) {
  return (
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
      {dashed && (
        <li>
          <span className="chart__swatch chart__swatch--so-far" aria-hidden="true" />
          so far (not over yet)
        </li>
      )}
    </ul>
  );
}

/** The x (time) and y scales for the points and the target, `yPad` above and below. */
function scales(all: Point[], width: number, { target, yPad, counts }: Pick<Props, 'target' | 'yPad' | 'counts'>) {
  const [x0, x1] = extent(all, (p) => p.x) as [Date, Date];
  // One point still gets a readable axis: a day either side.
  const xDomain = x0.getTime() === x1.getTime() ? [new Date(x0.getTime() - 864e5), new Date(x1.getTime() + 864e5)] : [x0, x1];
  const values = all.map((p) => p.y).concat(target ? [target.value] : []);
  const x = scaleTime().domain(xDomain).range([MARGIN.left, width - MARGIN.right]);
  const y0 = counts ? 0 : min(values)! - yPad;
  // A flat series still gets an axis with some height to it, its line at the bottom.
  const y1 = Math.max(max(values)! + yPad, y0 + 1);
  const y = scaleLinear().domain([y0, y1]).range([CHART_HEIGHT - MARGIN.bottom, MARGIN.top]).nice();
  return { x, y };
}

/** One series: its line (dashed from the last whole period on), and with few points a focusable marker per point. */
function SeriesLine(props: {
  series: LineSeries;
  index: number;
  x: Scale;
  y: Scale;
  soFar: (d: Date) => boolean;
  dashed: boolean;
  markers: boolean;
  active: { s: number; i: number } | undefined;
  setActive: (active: { s: number; i: number } | undefined) => void;
  label: (p: Point) => string;
}) {
  const { series: s, index: si, x, y, soFar, dashed, markers, active, setActive, label } = props;
  const path = line<Point>()
    .x((p) => x(p.x))
    .y((p) => y(p.y));
  return (
    <g className={`chart__series--${s.tone ?? si + 1}`}>
      <path className="chart__line" d={path(s.points.filter((p) => !soFar(p.x))) ?? undefined} fill="none" aria-hidden="true" />
      {dashed && (
        // From the last whole period's point on, dashed.
        <path
          className="chart__line chart__line--so-far"
          d={path(s.points.filter((p, i) => soFar(p.x) || soFar(s.points[i + 1]?.x ?? p.x))) ?? undefined}
          fill="none"
          aria-hidden="true"
        />
      )}
      {markers &&
        s.points.map((p, i) => (
          <circle
            key={i}
            className="chart__point"
            cx={x(p.x)}
            cy={y(p.y)}
            r={active?.s === si && active.i === i ? 6 : 4}
            tabIndex={0}
            role="img"
            aria-label={label(p)}
            onMouseEnter={() => setActive({ s: si, i })}
            onMouseLeave={() => setActive(undefined)}
            onFocus={() => setActive({ s: si, i })}
            onBlur={() => setActive(undefined)}
          />
        ))}
    </g>
  );
}

export function LineChart({ title, series, target, yPad, unit, yLabel, emptyText = 'No data yet.', counts = false, incompleteFrom }: Props) {
  const [active, setActive] = useState<{ s: number; i: number }>();
  const [at, setAt] = useState<number>();
  const all = series.flatMap((s) => s.points);
  const most = Math.max(0, ...series.map((s) => s.points.length));
  // The dates the plot steps through: those of the longest series (the analytics series share theirs).
  const dates = series.reduce<LineSeries['points']>((a, s) => (s.points.length > a.length ? s.points : a), []);
  const soFar = (d: Date) => incompleteFrom !== undefined && d >= incompleteFrom;
  // A line runs on dashed only from a whole period to one not over; a lone point so far has only its reading to say so.
  const dashed = all.some((p) => soFar(p.x)) && all.some((p) => !soFar(p.x));
  const legend = series.length > 1 || target || dashed ? <Legend series={series} target={target} dashed={dashed} /> : undefined;

  return (
    <ChartFigure title={title} empty={all.length === 0} emptyText={emptyText} legend={legend}>
      {(width) => {
        const { x, y } = scales(all, width, { target, yPad, counts });
        const { date: writeDate, ticks: xTicks } = timeAxis(x, width);
        // Markers closer than 8 px (a year of weeks on a phone) would run into one line of circles.
        const dense = most > MARKERS_UP_TO || (most > 1 && (width - MARGIN.left - MARGIN.right) / most < 8);
        const dateOf = (d: Date) => (soFar(d) ? `${writeDate(d)} (so far)` : writeDate(d));
        const yTicks = y
          .ticks(5)
          .filter((v) => !counts || Number.isInteger(v))
          .map((v) => ({ at: y(v), text: String(v) }));
        const point = active && series[active.s]?.points[active.i];
        const date = at === undefined ? undefined : dates[at]?.x;
        // Each series' point nearest the date the plot is at.
        const readings = date ? series.map((s) => s.points[byDate.center(s.points, date)]) : [];
        const say = (p: { x: Date; y: number } | undefined, s: LineSeries) => (p ? `${s.name}: ${p.y} ${unit}`.trim() : `${s.name}: none`);
        const step = (e: KeyboardEvent) => {
          const last = dates.length - 1;
          const from = at ?? last;
          const to = { ArrowLeft: from - 1, ArrowRight: from + 1, PageUp: from - 7, PageDown: from + 7, Home: 0, End: last }[e.key];
          if (to === undefined) return;
          e.preventDefault();
          setAt(Math.min(last, Math.max(0, to)));
        };
        const follow = (e: PointerEvent<SVGRectElement>) => {
          const left = e.currentTarget.ownerSVGElement!.getBoundingClientRect().left;
          setAt(byDate.center(dates, x.invert(e.clientX - left)));
        };
        const plot = (
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
              <SeriesLine key={s.name} series={s} index={si} x={x} y={y} soFar={soFar} dashed={dashed} markers={!dense} active={active} setActive={setActive} label={(p) => `${s.name}, ${dateOf(p.x)}: ${p.y} ${unit}`.trim()} />
            ))}
            {point && active && (
              <Tooltip x={x(point.x)} y={y(point.y)} width={width} lines={[dateOf(point.x), `${series[active.s]!.name}: ${point.y} ${unit}`.trim()]} />
            )}
            {dense && (
              <>
                {date && (
                  <g aria-hidden="true">
                    <line className="chart__cursor" x1={x(date)} x2={x(date)} y1={MARGIN.top} y2={CHART_HEIGHT - MARGIN.bottom} />
                    {readings.map((p, si) => p && <circle key={si} className={`chart__point chart__series--${series[si]!.tone ?? si + 1}`} cx={x(p.x)} cy={y(p.y)} r={4} />)}
                  </g>
                )}
                <rect
                  className="chart__overlay"
                  x={MARGIN.left}
                  y={MARGIN.top}
                  width={Math.max(0, width - MARGIN.left - MARGIN.right)}
                  height={CHART_HEIGHT - MARGIN.top - MARGIN.bottom}
                  tabIndex={0}
                  role="img"
                  aria-label={`${title}: ${dates.length} dates. Left and right arrow keys step through them.`}
                  onPointerMove={follow}
                  onPointerLeave={() => setAt(undefined)}
                  onFocus={() => setAt((a) => a ?? dates.length - 1)}
                  onBlur={() => setAt(undefined)}
                  onKeyDown={step}
                />
                {date && <Tooltip x={x(date)} y={MARGIN.top + 8} width={width} lines={[dateOf(date), ...series.map((s, si) => say(readings[si], s))]} />}
              </>
            )}
          </svg>
        );
        if (!dense) return plot;
        return (
          <>
            {plot}
            <p className="visually-hidden" aria-live="polite">
              {date ? `${dateOf(date)}: ${series.map((s, si) => say(readings[si], s)).join(', ')}` : ''}
            </p>
          </>
        );
      }}
    </ChartFigure>
  );
}
