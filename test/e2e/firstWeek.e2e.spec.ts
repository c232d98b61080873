import { firstWeekJourney } from './firstWeek.js';

// The first week at phone width; the same week at desktop width is firstWeekDesktop.e2e.spec.ts, a file of its own
// so that the two run side by side in the parallel suite.
firstWeekJourney(390);
