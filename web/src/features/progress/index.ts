/** What other features may use of progress; anything else in this folder is its own. */
import './progress.css';
export { BarChart, dayOf, LineChart } from './charts/index';
