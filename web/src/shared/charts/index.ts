/**
 * Generic d3 charts (d3 computes scales, shapes and ticks; React draws the SVG), 300 high and as wide as their
 * container, every point or bar focusable with its tooltip: the progress page, the staff analytics page and the
 * records' e1RM history draw with them.
 */
import './charts.css';
export { AreaChart } from './AreaChart';
export { BarChart } from './BarChart';
export { LineChart, type LineSeries } from './LineChart';
/** The chart frame and axes, for a chart drawn elsewhere in the same look (the records' e1RM history). */
export { XAxis, YAxis } from './axes';
export { CHART_HEIGHT, ChartFigure, dayOf, MARGIN, timeAxis, Tooltip } from './frame';
