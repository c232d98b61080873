/** Reminders: the settings section /prof shows (app/ composes it into the profile). */
export { Reminders } from './Reminders';
