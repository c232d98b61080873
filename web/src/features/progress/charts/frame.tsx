import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Spec §9: every chart is 300 high. */
export const CHART_HEIGHT = 300;
export const MARGIN = { top: 16, right: 20, bottom: 40, left: 52 };

/** The width the chart's container has now, following resizes (375 px phones to desktops). */
export function useWidth(initial = 600) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(240, Math.floor(el.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** A titled figure; with no data it says so instead of drawing empty axes. */
export function ChartFigure(props: { title: string; empty: boolean; emptyText: string; children: (width: number) => ReactNode; legend?: ReactNode }) {
  const { ref, width } = useWidth();
  return (
    <figure className="chart">
      <figcaption className="chart__title">{props.title}</figcaption>
      <div ref={ref} className="chart__body">
        {props.empty ? <p className="chart__empty muted">{props.emptyText}</p> : props.children(width)}
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

export const shortDate = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

/** A local-calendar date from 'YYYY-MM-DD' (noon, so no time zone moves it to another day). */
export const dayOf = (isoDate: string) => new Date(`${isoDate}T12:00:00`);
