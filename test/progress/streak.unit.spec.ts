import { expect } from 'chai';
import { newEvent } from '../../events/catalog.js';
import { showUp } from '../../services/command/src/accounts/decide.js';
import { logins } from '../../services/command/src/accounts/logins.js';
import { activityProjection, quartersShownUp, type ActivityDoc } from '../../services/query/src/progress/activity.projection.js';
import { UserDay } from '../../services/query/src/progress/facts.js';
import type { UserFacts } from '../../services/query/src/progress/userFacts.js';
import { given, project } from '../support/decider.js';

const ZONE = 'America/New_York';
/** An instant at a New York wall-clock time in November 2026 (UTC-5). */
const ny = (day: string, hour: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + (hour + 5) * 3600_000).toISOString();

/** The streak and the week's boxes the dashboard and /prog show for this history, on `today` at noon in New York. */
function shownUp(events: Parameters<typeof project>[1], today: string) {
  const activity = years(events);
  const facts = { profile: { time_zone: ZONE }, activity, sessions: { open: [], history: [] } } as unknown as UserFacts;
  const day = new UserDay(facts, new Date(ny(today, 12)));
  return { streak: day.streaks.current, longest: day.streaks.longest, week: day.weekActiveDays, days: day.activeDays };
}

/** u1's year docs after the events, in key order. */
const years = (events: Parameters<typeof project>[1]): ActivityDoc[] =>
  [...project(activityProjection, events)]
    .filter(([key]) => key.startsWith('u1/'))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, doc]) => doc);

const visit = (day: string, hour = 9) => newEvent('UserShowedUp', { userId: 'u1', day, shownUpAt: ny(day, hour) });
const set = (day: string) =>
  newEvent('SetLogged', { sessionId: 's1', userId: 'u1', setId: 's1-s1', exercise: 'push-up', exerciseName: 'Push-up', custom: false, weight: 0, unit: 'lb', reps: 8, rpe: null, warmup: false, loggedAt: ny(day, 18) });
const meal = (day: string) =>
  newEvent('MealLogged', { mealLogId: `m-${day}`, mealPlanId: 'mp1', userId: 'u1', mealPlanMealId: 'mm1', dayNumber: 1, mealTime: 'Breakfast', name: 'Oats', calories: 400, proteinGrams: 20, carbsGrams: 60, fatsGrams: 10, loggedAt: ny(day, 8) });
const weight = (day: string) => newEvent('MeasurementRecorded', { userId: 'u1', measuredAt: ny(day, 7), weightLb: 150, bodyFatPercentage: null, musclePercentage: null });
const login = (day: string) => newEvent('UserLoggedIn', { userId: 'u1', loggedInAt: ny(day, 10) });

describe('the streak counts the days a person showed up', () => {
  describe('a signed-in visit (showUp)', () => {
    const NOW = ny('2026-11-16', 9);

    it('given no visit yet, when the person opens the app, then the day is recorded', () => {
      given(logins, [])
        .when((s) => showUp(s, { userId: 'u1', now: NOW, day: '2026-11-16' }))
        .then([newEvent('UserShowedUp', { userId: 'u1', day: '2026-11-16', shownUpAt: NOW })]);
    });

    it('given a visit today, when the person opens the app again today, then nothing is appended', () => {
      given(logins, [visit('2026-11-16')])
        .when((s) => showUp(s, { userId: 'u1', now: ny('2026-11-16', 22), day: '2026-11-16' }))
        .then([]);
    });

    it('given a visit yesterday, when the person opens the app today, then today is recorded', () => {
      const now = ny('2026-11-17', 0.5);
      given(logins, [visit('2026-11-16')])
        .when((s) => showUp(s, { userId: 'u1', now, day: '2026-11-17' }))
        .then([newEvent('UserShowedUp', { userId: 'u1', day: '2026-11-17', shownUpAt: now })]);
    });

    it('given a visit today, when the person moved west and it is still yesterday there, then nothing is appended', () => {
      given(logins, [visit('2026-11-17')])
        .when((s) => showUp(s, { userId: 'u1', now: ny('2026-11-17', 1), day: '2026-11-16' }))
        .then([]);
    });

    it('logins on the same stream do not hold a visit back', () => {
      given(logins, [login('2026-11-16')])
        .when((s) => showUp(s, { userId: 'u1', now: NOW, day: '2026-11-16' }))
        .then([newEvent('UserShowedUp', { userId: 'u1', day: '2026-11-16', shownUpAt: NOW })]);
    });
  });

  describe('the days shown up (activity projection, read by UserDay)', () => {
    it("the issue's week: signed in once on Sunday and never again, seen on Monday, trained on Wednesday, ate on Friday: four days, each in its box", () => {
      // Sunday 15 November is the week before; the week of Monday 16 November runs to Sunday 22.
      const history = [login('2026-11-15'), visit('2026-11-15', 10.5), visit('2026-11-16'), set('2026-11-18'), meal('2026-11-20')];
      const friday = shownUp(history, '2026-11-20');
      expect(friday.days).to.deep.equal(['2026-11-15', '2026-11-16', '2026-11-18', '2026-11-20']);
      expect(friday.week).to.deep.equal([0, 2, 4]);
      expect(friday.streak).to.equal(1);
      expect(friday.longest).to.equal(2);
    });

    it('four days running of use without a login make a streak of 4, not lost before the day is over', () => {
      const history = [login('2026-11-15'), visit('2026-11-16'), set('2026-11-17'), visit('2026-11-18')];
      expect(shownUp(history, '2026-11-18').streak).to.equal(4);
      expect(shownUp(history, '2026-11-19').streak, 'the next morning, before any use').to.equal(4);
      expect(shownUp(history, '2026-11-20').streak, 'a day missed').to.equal(0);
    });

    it('a history written before visits were recorded replays into the rule: logins, sets, meals and weights count', () => {
      const history = [weight('2026-11-16'), login('2026-11-17'), set('2026-11-18'), meal('2026-11-19'), weight('2026-11-20')];
      const day = shownUp(history, '2026-11-20');
      expect(day.streak).to.equal(5);
      expect(day.week).to.deep.equal([0, 1, 2, 3, 4]);
    });

    it('days are local: a set at 23:30 and a meal at 00:30 in New York are two days, though one UTC day', () => {
      const late = newEvent('SetLogged', { ...set('2026-11-17').data, loggedAt: ny('2026-11-17', 23.5) });
      const early = newEvent('MealLogged', { ...meal('2026-11-18').data, loggedAt: ny('2026-11-18', 0.5) });
      expect(shownUp([late, early], '2026-11-18').streak).to.equal(2);
    });

    it('keeps each UTC quarter hour shown up as one bit of its UTC day, in a doc of the UTC year', () => {
      // Given four sets in one quarter hour and one the next day
      const sets = [0, 1, 2, 3].map((i) => newEvent('SetLogged', { ...set('2026-11-18').data, setId: `s1-s${i}`, loggedAt: ny('2026-11-18', 18 + i / 60) }));

      // When they are projected
      const docs = years([...sets, set('2026-11-19')]);

      // Then one doc of 2026 holds one bit each: 23:00 UTC is quarter 92, the first bit of a day's 24th hex digit, in
      // November's string from the 1st to the 19th
      const mask = `${'0'.repeat(23)}8`;
      const november = `${'0'.repeat(17 * 24)}${mask}${mask}`;
      expect(docs).to.deep.equal([{ user_id: 'u1', year: '2026', months: [...Array<string>(10).fill(''), november, ''] }]);
      expect(quartersShownUp(docs)).to.deep.equal(['2026-11-18T23:00:00.000Z', '2026-11-19T23:00:00.000Z']);
    });

    it('tells quarter hours apart by their minutes, in whatever order the instants arrive, and years apart by doc', () => {
      // Given instants on both sides of quarter boundaries, out of order, and one in the next UTC year
      const at = (iso: string, i: number) => newEvent('SetLogged', { ...set('2026-11-18').data, setId: `s1-q${i}`, loggedAt: iso });
      const instants = ['2026-11-18T18:14:59.000Z', '2026-11-18T18:15:00.000Z', '2026-11-18T18:59:00.000Z', '2026-11-18T18:00:00.000Z', '2026-11-18T18:45:30.000Z', '2026-11-18T19:14:00.000Z', '2027-01-01T00:00:00.000Z', '2026-12-31T23:59:59.999Z'];

      // When they are projected
      const docs = years(instants.map(at));

      // Then each quarter is there once, in order, from a doc per year
      expect(docs.map((d) => d.year)).to.deep.equal(['2026', '2027']);
      expect(quartersShownUp(docs)).to.deep.equal(['2026-11-18T18:00:00.000Z', '2026-11-18T18:15:00.000Z', '2026-11-18T18:45:00.000Z', '2026-11-18T19:00:00.000Z', '2026-12-31T23:45:00.000Z', '2027-01-01T00:00:00.000Z']);
    });

    it('leaves the doc as it was for a quarter already shown up', () => {
      // Given a visit projected
      const first = project(activityProjection, [visit('2026-11-16', 9)]).get('u1/2026');

      // When a set in the same quarter hour follows
      const after = activityProjection.evolve(first, { ...visit('2026-11-16', 9), position: 2, stream: 's', metadata: { at: ny('2026-11-16', 9) } } as never);

      // Then the very same doc is kept
      expect(after).to.equal(first);
    });

    it('keeps a heavy ten years far below 256 KB a doc: each UTC year is one doc of at most some 9 KB', () => {
      // Given a person who showed up every day of a leap year (a day's mask is 24 hex digits however many bits are set)
      const start = Date.parse('2028-01-01T10:00:00.000Z');

      // When the days are folded
      let doc: ActivityDoc | undefined;
      for (let i = 0; i < 366; i += 1) doc = activityProjection.evolve(doc, { ...visit('2028-01-01'), data: { userId: 'u1', day: '2028-01-01', shownUpAt: new Date(start + i * 86_400_000).toISOString() } } as never);

      // Then the year is one doc of 366 days, under 10 KB as JSON
      expect(doc!.months).to.have.length(12);
      expect(doc!.months.join('')).to.have.length(366 * 24);
      expect(quartersShownUp([doc!])).to.have.length(366);
      expect(Buffer.byteLength(JSON.stringify(doc))).to.be.below(10 * 1024);
    });

    it('reads a doc of the earlier fold, until the projector has folded it again, as no days rather than failing', () => {
      const earlier = { user_id: 'u1', year: '2026', months: { '11': { '18': `${'0'.repeat(23)}8` } } } as unknown as ActivityDoc;
      expect(quartersShownUp([earlier])).to.deep.equal([]);
    });

    it("an erased account's days go with it", () => {
      const docs = years([visit('2026-11-16'), set('2026-11-17'), newEvent('AccountDeleted', { userId: 'u1', deletedAt: ny('2026-11-18', 9) })]);
      expect(docs).to.deep.equal([]);
    });
  });
});
