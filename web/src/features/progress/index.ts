/** What other features may use of progress; anything else in this folder is its own. */
import './progress.css';
export { BarChart, dayOf, LineChart } from './charts/index';
/** The chart frame and axes, for a chart drawn elsewhere in the same look (the records' e1RM history). */
export { XAxis, YAxis } from './charts/axes';
export { CHART_HEIGHT, ChartFigure, MARGIN, timeAxis, Tooltip } from './charts/frame';
