import { expect } from 'chai';
import { endOfLocalDay, instantOfWallClock, localDate, localDateTime } from '../../services/platform/time.js';
import { addDays, addMonths, currentStreak, longestStreak, mondayOf, weekDays, weekdayIndex } from '../../services/query/src/progress/calendar.js';

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

  it("turns instants into the user's local days, not the server's", () => {
    expect(localDate('2026-11-18T03:30:00Z', 'UTC')).to.equal('2026-11-18');
    expect(localDate('2026-11-18T03:30:00Z', 'America/Los_Angeles')).to.equal('2026-11-17');
    expect(localDate('2026-11-18T23:30:00Z', 'Asia/Tokyo')).to.equal('2026-11-19');
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
    expect(currentStreak(days, '2026-11-16')).to.equal(2);
    expect(currentStreak(days, '2026-11-17')).to.equal(2);
    expect(currentStreak(days, '2026-11-18')).to.equal(0);
    expect(currentStreak(days, '2026-11-12')).to.equal(3);
    expect(currentStreak([], '2026-11-18')).to.equal(0);
    expect(longestStreak(days)).to.equal(3);
    expect(longestStreak([])).to.equal(0);
  });

  it("marks this week's days that have a login", () => {
    const days = ['2026-11-15', '2026-11-16', '2026-11-18', '2026-11-22', '2026-11-23'];
    expect(weekDays(days, '2026-11-18')).to.deep.equal([0, 2, 6]);
  });
});
