/** Axis ticks computed by d3 (`scale.ticks`), drawn by React. */
export function XAxis({ ticks, y, label, x0, x1 }: { ticks: Array<{ at: number; text: string }>; y: number; label?: string; x0: number; x1: number }) {
  return (
    <g className="chart__axis" aria-hidden="true">
      <line x1={x0} x2={x1} y1={y} y2={y} />
      {ticks.map((t, i) => (
        <g key={i} transform={`translate(${t.at},${y})`}>
          <line y2={5} />
          <text y={18} textAnchor="middle">
            {t.text}
          </text>
        </g>
      ))}
      {label && (
        <text className="chart__axis-label" x={(x0 + x1) / 2} y={y + 34} textAnchor="middle">
          {label}
        </text>
      )}
    </g>
  );
}

export function YAxis({ ticks, x, label, y0, y1, gridTo }: { ticks: Array<{ at: number; text: string }>; x: number; label?: string; y0: number; y1: number; gridTo: number }) {
  return (
    <g className="chart__axis" aria-hidden="true">
      <line x1={x} x2={x} y1={y0} y2={y1} />
      {ticks.map((t, i) => (
        <g key={i} transform={`translate(${x},${t.at})`}>
          <line className="chart__grid" x2={gridTo - x} />
          <line x2={-5} />
          <text x={-8} dy="0.32em" textAnchor="end">
            {t.text}
          </text>
        </g>
      ))}
      {label && (
        <text className="chart__axis-label" transform={`translate(${x - 42},${(y0 + y1) / 2}) rotate(-90)`} textAnchor="middle">
          {label}
        </text>
      )}
    </g>
  );
}
