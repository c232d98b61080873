import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { DayRange, Series } from './series.js';

/**
 * The analytics report as one HTML file that opens offline: the d3 bundle and the series' data are inlined, and a
 * small script draws each series as an SVG chart (line or bars, x = the first column) with its table beneath.
 */
export function renderReport(series: Series[], range: DayRange, generatedAt: string, events: number): string {
  // d3's package exports do not list the browser bundle; it sits beside the entry point.
  const d3 = fs.readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('d3')), 'd3.min.js'), 'utf8');
  const data = JSON.stringify({ series, range, generatedAt, events }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Trainer analytics ${range.from} to ${range.to}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:1100px;color:#1d2330;padding:0 1rem}
h1{font-size:1.5rem}section{margin:2.5rem 0}h2{font-size:1.1rem}
table{border-collapse:collapse;font-size:.8rem;margin-top:.5rem}td,th{border:1px solid #d5d9e0;padding:.2rem .5rem;text-align:right}
th:first-child,td:first-child{text-align:left}details{margin-top:.5rem}
.legend span{display:inline-block;margin-right:1rem;font-size:.8rem}.legend i{display:inline-block;width:.8rem;height:.8rem;margin-right:.3rem;vertical-align:middle}
svg{max-width:100%;height:auto}.note{font-size:.8rem;color:#5b6472;margin:.25rem 0}
</style></head><body>
<h1>Trainer analytics: ${range.from} to ${range.to}</h1>
<p id="meta"></p><main id="report"></main>
<script>${d3}</script>
<script>
const DATA = ${data};
document.getElementById('meta').textContent = 'Replayed ' + DATA.events.toLocaleString('en-US') + ' events; generated ' + DATA.generatedAt + ' (UTC days).';
const colors = d3.schemeTableau10;
for (const s of DATA.series) {
  const section = d3.select('#report').append('section').attr('id', s.name);
  section.append('h2').text(s.title);
  const [xKey, ...keys] = s.columns;
  const numeric = keys.filter((k) => s.rows.some((r) => typeof r[k] === 'number'));
  const rows = s.name === 'cancellation-reasons' ? s.rows.filter((r) => r.other_text === null) : s.rows;
  const soFar = new Set(s.incomplete ?? []);
  if (numeric.length && rows.length) draw(section, s.chart, rows, xKey, s.name === 'tickets' ? ['opened', 'completed'] : numeric, soFar);
  const late = [...soFar];
  if (late.length) section.append('p').attr('class', 'note').text((s.chart === 'line' ? 'Dashed' : 'Pale') + ': ' + (late.length > 3 ? late[0] + ' to ' + late.at(-1) : late.join(', ')) + ', not over by the end of the range; figures so far.');
  const details = section.append('details');
  details.append('summary').text('Table (' + s.rows.length + ' rows; CSV: ' + s.name + '.csv)');
  const table = details.append('table');
  table.append('tr').selectAll('th').data(s.columns).join('th').text((c) => c);
  table.selectAll('tr.r').data(s.rows).join('tr').attr('class', 'r').selectAll('td').data((r) => s.columns.map((c) => r[c])).join('td').text((v) => (v === null ? '' : v));
}
function draw(section, kind, rows, xKey, keys, soFar) {
  const W = 1000, H = 300, m = { top: 10, right: 20, bottom: 80, left: 60 };
  const svg = section.append('svg').attr('viewBox', [0, 0, W, H]).attr('role', 'img').attr('aria-label', section.select('h2').text());
  const max = d3.max(rows, (r) => d3.max(keys, (k) => r[k] ?? 0)) || 1;
  const y = d3.scaleLinear().domain([0, max]).nice().range([H - m.bottom, m.top]);
  const color = d3.scaleOrdinal(keys, colors);
  const xs = rows.map((r) => String(r[xKey]));
  const every = Math.ceil(xs.length / 30);
  const axisX = (g, scale) => g.attr('transform', 'translate(0,' + (H - m.bottom) + ')').call(d3.axisBottom(scale).tickValues(xs.filter((_, i) => i % every === 0)))
    .selectAll('text').attr('transform', 'rotate(-40)').style('text-anchor', 'end');
  svg.append('g').attr('transform', 'translate(' + m.left + ',0)').call(d3.axisLeft(y));
  if (kind === 'line') {
    const x = d3.scalePoint(xs, [m.left, W - m.right]);
    svg.append('g').call(axisX, x);
    const line = (k) => d3.line().x((r) => x(String(r[xKey]))).y((r) => y(r[k] ?? 0));
    const whole = rows.filter((r) => !soFar.has(String(r[xKey])));
    // The periods not over yet continue the line dashed, from the last whole one.
    const partial = rows.filter((r, i) => soFar.has(String(r[xKey])) || soFar.has(String(rows[i + 1]?.[xKey])));
    for (const k of keys) {
      svg.append('path').attr('fill', 'none').attr('stroke', color(k)).attr('stroke-width', 1.5).attr('d', line(k)(whole));
      if (partial.length > 1) svg.append('path').attr('fill', 'none').attr('stroke', color(k)).attr('stroke-width', 1.5).attr('stroke-dasharray', '5 4').attr('d', line(k)(partial));
    }
  } else {
    const x0 = d3.scaleBand(xs, [m.left, W - m.right]).padding(0.15);
    const x1 = d3.scaleBand(keys, [0, x0.bandwidth()]).padding(0.05);
    svg.append('g').call(axisX, x0);
    svg.append('g').selectAll('g').data(rows).join('g').attr('transform', (r) => 'translate(' + x0(String(r[xKey])) + ',0)')
      .selectAll('rect').data((r) => keys.map((k) => ({ k, v: r[k] ?? 0, x: String(r[xKey]) }))).join('rect')
      .attr('x', (d) => x1(d.k)).attr('width', x1.bandwidth()).attr('y', (d) => y(d.v)).attr('height', (d) => y(0) - y(d.v)).attr('fill', (d) => color(d.k)).attr('fill-opacity', (d) => (soFar.has(d.x) ? 0.4 : 1))
      .append('title').text((d) => d.k + ': ' + d.v);
  }
  const legend = section.append('div').attr('class', 'legend');
  for (const k of keys) { const span = legend.append('span'); span.append('i').style('background', color(k)); span.append('span').text(k); }
}
</script></body></html>
`;
}
