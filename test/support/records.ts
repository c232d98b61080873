import type { AppNewEvent } from '../../events/catalog.js';
import { recordsProjection, recordsView, type Records } from '../../services/query/src/training/records/records.projection.js';
import { project } from './decider.js';

/** A person's records as the routes read them: every doc the events make in the collection, joined. */
export const recordsOf = (events: AppNewEvent[], userId: string): Records => recordsView(userId, [...project(recordsProjection, events).values()]);
