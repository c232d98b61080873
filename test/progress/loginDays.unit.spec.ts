import { expect } from 'chai';
import fc from 'fast-check';
import { newEvent, type AppNewEvent } from '../../events/catalog.js';
import { localDate } from '../../services/platform/time.js';
import { loginDaysIn, loginDaysProjection, type LoginDaysDoc } from '../../services/query/src/progress/loginDays.projection.js';
import { project } from '../support/decider.js';

const profile = (type: 'UserSignedUp' | 'ProfileUpdated', timeZone: string, userId = 'user-1'): AppNewEvent => {
  const fields = {
    name: 'A',
    age: 30,
    gender: 'Other' as const,
    heightIn: 66,
    weightLb: 150,
    bodyFatPercentage: null,
    musclePercentage: null,
    targetWeightLb: null,
    targetBodyFatPercentage: null,
    targetMusclePercentage: null,
    primaryGoal: null,
    secondaryGoal: null,
    weeklyWorkoutFrequency: null,
    activityLevel: null,
    gymExperience: 0,
    helpPreferences: [],
    accessibilityNeeds: null,
    calorieIntakeGoal: null,
    dietType: null,
    dietRestrictions: null,
    timeZone,
  };
  return type === 'UserSignedUp' ? newEvent('UserSignedUp', { ...fields, userId, email: 'a@example.com', username: null, passwordHash: 'x' }) : newEvent('ProfileUpdated', { ...fields, userId });
};
const login = (loggedInAt: string, userId = 'user-1') => newEvent('UserLoggedIn', { userId, loggedInAt });
const docOf = (...events: AppNewEvent[]) => project(loginDaysProjection, events).get('user-1');
const daysOf = (doc: LoginDaysDoc | undefined) => doc && { time_zone: doc.time_zone, days: doc.days, longest: doc.longest, last_run: doc.last_run };

describe('loginDays: a user’s login days in their zone, from one small doc', () => {
  it('keeps each day once, in the profile’s zone, with the longest run and the last one', () => {
    const doc = docOf(
      profile('UserSignedUp', 'America/Los_Angeles'),
      login('2026-11-10T17:00:00.000Z'),
      login('2026-11-11T03:30:00.000Z'), // still the 10th in Los Angeles
      login('2026-11-11T18:00:00.000Z'),
      login('2026-11-12T18:00:00.000Z'),
      login('2026-11-12T18:05:00.000Z'), // the same quarter hour: kept once
      login('2026-11-15T18:00:00.000Z'),
    );
    expect(daysOf(doc)).to.deep.equal({ time_zone: 'America/Los_Angeles', days: ['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-15'], longest: 3, last_run: 1 });
    expect(doc!.quarters).to.have.length(5);
  });

  it('counts the days again when the profile names another zone', () => {
    const logins = [login('2026-11-10T17:00:00.000Z'), login('2026-11-11T03:30:00.000Z'), login('2026-11-11T18:00:00.000Z')];
    expect(daysOf(docOf(profile('UserSignedUp', 'Asia/Tokyo'), ...logins))).to.deep.equal({ time_zone: 'Asia/Tokyo', days: ['2026-11-11', '2026-11-12'], longest: 2, last_run: 2 });
    expect(daysOf(docOf(profile('UserSignedUp', 'Asia/Tokyo'), ...logins, profile('ProfileUpdated', 'America/Los_Angeles')))).to.deep.equal({
      time_zone: 'America/Los_Angeles',
      days: ['2026-11-10', '2026-11-11'],
      longest: 2,
      last_run: 2,
    });
    // A login before any profile is counted in UTC until one names a zone.
    expect(daysOf(docOf(login('2026-11-11T03:30:00.000Z'), profile('UserSignedUp', 'America/Los_Angeles')))!.days).to.deep.equal(['2026-11-10']);
  });

  it('places a login older than the last one in its day, and counts the runs again', () => {
    const doc = docOf(profile('UserSignedUp', 'UTC'), login('2026-11-10T12:00:00.000Z'), login('2026-11-12T12:00:00.000Z'), login('2026-11-11T12:00:00.000Z'), login('2026-11-20T12:00:00.000Z'));
    expect(daysOf(doc)).to.deep.equal({ time_zone: 'UTC', days: ['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-20'], longest: 3, last_run: 1 });
  });

  it('keeps nobody else’s logins, and none of an erased account', () => {
    const docs = project(loginDaysProjection, [profile('UserSignedUp', 'UTC'), login('2026-11-10T12:00:00.000Z'), login('2026-11-11T12:00:00.000Z', 'user-2'), newEvent('AccountDeleted', { userId: 'user-1', deletedAt: '2026-11-12T00:00:00.000Z' })]);
    expect([...docs.keys()]).to.deep.equal(['user-2']);
    expect(docs.get('user-2')!.days).to.deep.equal(['2026-11-11']);
  });

  it('finds from quarter hours the local dates of the instants themselves, in zones of half and quarter hours too', () => {
    const zones = ['UTC', 'America/St_Johns', 'Asia/Kathmandu', 'Australia/Eucla', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata'];
    const instant = fc.integer({ min: Date.parse('2020-01-01T00:00:00Z'), max: Date.parse('2030-12-31T00:00:00Z') }).map((ms) => new Date(ms).toISOString());
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 20 }), fc.constantFrom(...zones), fc.constantFrom(...zones), (instants, first, then) => {
        const doc = docOf(profile('UserSignedUp', first), ...instants.map((at) => login(at)), profile('ProfileUpdated', then))!;
        const expected = [...new Set(instants.map((at) => localDate(at, then)))].sort();
        expect(doc.days).to.deep.equal(expected);
        expect(loginDaysIn(doc.quarters, first)).to.deep.equal([...new Set(instants.map((at) => localDate(at, first)))].sort());
      }),
      { numRuns: 60 },
    );
  });
});
