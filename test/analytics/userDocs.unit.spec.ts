import { expect } from 'chai';
import { newEvent } from '../../events/catalog.js';
import { analyticsUsersProjection, currentUserDoc, type StoredUserDoc } from '../../services/query/src/analytics/projections.js';
import { computeSeries } from '../../services/query/src/analytics/series.js';
import { recorded } from '../support/decider.js';

describe('analytics user docs stored before first_active_days', () => {
  // Given a doc as stored before the change: the Mondays of the weeks the user was active
  const stored: StoredUserDoc = { user_id: 'u1', active_weeks: ['2026-11-02', '2026-11-09'], subscriptions: [], offered_plans: [], chat_saves: [] };

  it('fold on: a new activity adds its day after the weeks the doc had (the projector does not stop on it)', () => {
    // When the user logs in on Wednesday 18 November
    const [login] = recorded([{ ...newEvent('UserLoggedIn', { userId: 'u1', loggedInAt: '2026-11-18T08:00:00.000Z' }), metadata: { userId: 'u1', at: '2026-11-18T08:00:00.000Z' } }]);
    const doc = analyticsUsersProjection.evolve(stored as never, login!)!;
    // Then the doc is in the current shape, its old weeks kept as their Mondays
    expect(doc.first_active_days).to.deep.equal(['2026-11-02', '2026-11-09', '2026-11-18']);
    expect(doc).not.to.have.property('active_weeks');
  });

  it('are counted by the weekly active users as read', () => {
    const series = computeSeries('weekly-active-users', { days: [], users: [currentUserDoc(stored)], tickets: [], sessions: [], imports: [], importedWorkouts: [] }, { from: '2026-11-02', to: '2026-11-15' }, '2026-11-23');
    expect(series.rows).to.deep.equal([
      { week: '2026-11-02', users: 1 },
      { week: '2026-11-09', users: 1 },
    ]);
  });
});
