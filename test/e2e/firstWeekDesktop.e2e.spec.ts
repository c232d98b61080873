import { firstWeekJourney } from './firstWeek.js';

// The first week at desktop width; at phone width it is firstWeek.e2e.spec.ts.
firstWeekJourney(1280);
