import type { Projection } from './projection.js';
import { measurementsProjection } from './accounts/profile/measurements.projection.js';
import { profilesProjection } from './accounts/profile/profiles.projection.js';
import { sessionMonthsProjection } from './training/sessions/sessionMonths.projection.js';
import { openSessionsProjection } from './training/sessions/openSessions.projection.js';
import { importedSessionsProjection } from './training/sessions/importedSessions.projection.js';
import { regimenListsProjection, regimensProjection } from './training/regimens/regimens.projection.js';
import { mealLogsProjection } from './nutrition/mealLogs.projection.js';
import { foodLogsProjection, ownFoodsProjection } from './nutrition/foodLogs.projection.js';
import { mealPlanListsProjection, mealPlansProjection } from './nutrition/mealPlans.projection.js';
import { activityProjection } from './progress/activity.projection.js';
import { screensProjection } from './progress/screens.projection.js';
import { earlyAccessClicksProjection } from './landing/clicks/earlyAccessClicks.projection.js';
import { ticketsProjection } from './support/tickets.projection.js';
import { waitlistProjection } from './landing/waitlist/waitlist.projection.js';
import { checkoutsProjection } from './billing/checkouts.projection.js';
import { analyticsProjections } from './analytics/projections.js';
import { recordsProjection } from './training/records/records.projection.js';
import { exerciseHistoryProjection } from './training/records/exerciseHistory.projection.js';
import { exerciseMergesProjection } from './training/records/exerciseMerges.projection.js';
import { importsProjection } from './imports/imports.projection.js';
import { reminderSettingsProjection } from './reminders/reminderSettings.projection.js';

/** Every read model the query side keeps; the projector and `npm run replay` run exactly these. */
export const projections: Projection[] = [profilesProjection, measurementsProjection, activityProjection, ticketsProjection, waitlistProjection, earlyAccessClicksProjection, mealPlanListsProjection, mealPlansProjection, mealLogsProjection, foodLogsProjection, ownFoodsProjection, regimenListsProjection, regimensProjection, sessionMonthsProjection, openSessionsProjection, importedSessionsProjection, recordsProjection, exerciseHistoryProjection, exerciseMergesProjection, importsProjection, checkoutsProjection, reminderSettingsProjection, screensProjection, ...analyticsProjections] as Projection[];

/**
 * Collections of projections since replaced (a user's plans in one doc, before each plan had its own; a user's
 * sessions in one doc, before they were kept by month; imported batches keyed by number, before by month): dropped at
 * start, so they keep no stale copy of anyone's data.
 */
export const retiredProjections = ['regimens', 'mealPlans', 'workoutSessions', 'importedSessions'];
