import { expect } from 'chai';
import { formatInTimeZone } from 'date-fns-tz';
import { addDays as addToDate } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { getISODay } from 'date-fns/getISODay';
import fc from 'fast-check';
import { endOfLocalDay, instantOfWallClock, isKnownZone, localDate, localDateTime } from '../../services/platform/time.js';
import { addDays, addMonths, daysBetween, localDays, mondayOf, streaks, weekDays, weekdayIndex } from '../../services/query/src/progress/calendar.js';

describe('calendar of local days', () => {
  it('counts weeks Monday to Sunday', () => {
    expect(weekdayIndex('2026-11-16')).to.equal(0); // a Monday
    expect(weekdayIndex('2026-11-22')).to.equal(6); // a Sunday
    expect(mondayOf('2026-11-22')).to.equal('2026-11-16');
    expect(mondayOf('2026-11-16')).to.equal('2026-11-16');
  });

  it('adds days across month, year and daylight-saving changes', () => {
    expect(addDays('2026-12-31', 1)).to.equal('2027-01-01');
    expect(addDays('2026-03-29', 1)).to.equal('2026-03-30');
    expect(addDays('2026-03-01', -1)).to.equal('2026-02-28');
    expect(addMonths('2026-05-31', -3)).to.equal('2026-02-28');
    expect(addMonths('2026-11-21', -1)).to.equal('2026-10-21');
  });

  it('counts days, weekdays and days between as the calendar does, before 1970 and leap days too', () => {
    const day = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 11, 31) }).map((t) => new Date(t).toISOString().slice(0, 10));
    const local = (text: string) => new Date(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10)));
    const text = (date: Date) => `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    fc.assert(
      fc.property(day, day, fc.integer({ min: -800, max: 800 }), (a, b, n) => {
        expect(addDays(a, n)).to.equal(text(addToDate(local(a), n)));
        expect(weekdayIndex(a)).to.equal(getISODay(local(a)) - 1);
        expect(daysBetween(a, b)).to.equal(differenceInCalendarDays(local(b), local(a)));
      }),
      { numRuns: 2000 },
    );
    expect(() => addDays('2026-11-5', 1)).to.throw(RangeError);
    expect(() => daysBetween('2026-02-30', '2026-03-01')).to.throw(RangeError);
  });

  it("turns instants into the user's local days, not the server's", () => {
    const instants = ['2026-11-18T03:30:00Z', '2026-11-18T23:30:00Z'];
    const inZone = (zone: string) => (instant: string) => localDate(instant, zone);
    expect(localDays(instants, inZone('UTC'))).to.deep.equal(['2026-11-18']);
    expect(localDays(instants, inZone('America/Los_Angeles'))).to.deep.equal(['2026-11-17', '2026-11-18']);
    expect(localDays(instants, inZone('Asia/Tokyo'))).to.deep.equal(['2026-11-18', '2026-11-19']);
  });

  it('finds the local date as date-fns-tz does, in zones of odd offsets and around their clock changes', () => {
    const zones = ['UTC', 'Europe/Berlin', 'America/Santiago', 'Asia/Beirut', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Kiritimati'];
    const from = Date.parse('1970-01-01T00:00:00Z');
    const to = Date.parse('2040-01-01T00:00:00Z');
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: from, max: to }), fc.boolean(), (zone, time, asText) => {
        const instant = asText ? new Date(time).toISOString() : new Date(time);
        expect(localDate(instant, zone)).to.equal(formatInTimeZone(instant, zone, 'yyyy-MM-dd'));
      }),
      { numRuns: 2000 },
    );
    // Years the formatter writes otherwise.
    expect(localDate('0999-06-01T12:00:00Z', 'UTC')).to.equal('0999-06-01');
  });

  it('knows IANA zone names and refuses other text', () => {
    expect(isKnownZone('Europe/Berlin')).to.equal(true);
    expect(isKnownZone('Mars/Olympus')).to.equal(false);
    expect(isKnownZone('Mars/Olympus')).to.equal(false);
    expect(() => localDate('2026-11-18T03:30:00Z', 'Mars/Olympus')).to.throw(RangeError);
  });

  it('ends a local day at the next local midnight, also where a daylight-saving change skips that midnight', () => {
    expect(endOfLocalDay('2026-11-18', 'Europe/Berlin').toISOString()).to.equal('2026-11-18T22:59:59.999Z');
    // Santiago and Beirut move their clocks at midnight: the day still ends when the next one begins, at 01:00.
    expect(endOfLocalDay('2024-09-07', 'America/Santiago').toISOString()).to.equal('2024-09-08T03:59:59.999Z');
    expect(endOfLocalDay('2026-03-28', 'Asia/Beirut').toISOString()).to.equal('2026-03-28T21:59:59.999Z');
  });

  it('reads a wall-clock time in a zone, one that a daylight-saving change skips as after the change', () => {
    const wall = (text: string) => Date.parse(`${text}Z`);
    expect(instantOfWallClock(wall('2026-07-01T08:00:00'), 'America/New_York').toISOString()).to.equal('2026-07-01T12:00:00.000Z');
    expect(instantOfWallClock(wall('2026-03-08T02:30:00'), 'America/New_York').toISOString()).to.equal('2026-03-08T07:30:00.000Z');
    expect(instantOfWallClock(wall('2026-03-29T01:15:00'), 'Europe/London').toISOString()).to.equal('2026-03-29T01:15:00.000Z');
    expect(localDateTime('2026-03-08T07:30:00.000Z', 'America/New_York')).to.equal('2026-03-08 03:30:00');
  });

  it('counts the current streak up to today, or up to yesterday when today has no login yet', () => {
    const days = ['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-15', '2026-11-16'];
    expect(streaks(days, '2026-11-16')).to.deep.equal({ current: 2, longest: 3 });
    expect(streaks(days, '2026-11-17')).to.deep.equal({ current: 2, longest: 3 });
    expect(streaks(days, '2026-11-18')).to.deep.equal({ current: 0, longest: 3 });
    expect(streaks([], '2026-11-18')).to.deep.equal({ current: 0, longest: 0 });
  });

  it("marks this week's days that have a login", () => {
    const days = ['2026-11-15', '2026-11-16', '2026-11-18', '2026-11-22', '2026-11-23'];
    expect(weekDays(days, '2026-11-18')).to.deep.equal([0, 2, 6]);
  });
});
