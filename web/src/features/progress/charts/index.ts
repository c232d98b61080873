/**
 * Generic d3 charts (d3 computes scales, shapes and ticks; React draws the SVG), 300 high and as wide as their
 * container, every point or bar focusable with its tooltip. Used by /prog and reusable by the staff analytics page.
 */
export { AreaChart } from './AreaChart';
export { BarChart } from './BarChart';
export { dayOf } from './frame';
export { LineChart, type LineSeries } from './LineChart';
