/** What other slices (and the workers) may read of dashboard: the dashboard summary (the reminders worker mails it). */
export { dashboardSummary } from './summary.js';
