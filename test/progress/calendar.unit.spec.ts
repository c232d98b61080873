import { expect } from 'chai';
import { localDate } from '../../services/platform/time.js';
import { addDays, addMonths, localDays, mondayOf, streaks, weekDays, weekdayIndex } from '../../contract/progress/calendar.js';

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
    const instants = ['2026-11-18T03:30:00Z', '2026-11-18T23:30:00Z'];
    const inZone = (zone: string) => (instant: string) => localDate(instant, zone);
    expect(localDays(instants, inZone('UTC'))).to.deep.equal(['2026-11-18']);
    expect(localDays(instants, inZone('America/Los_Angeles'))).to.deep.equal(['2026-11-17', '2026-11-18']);
    expect(localDays(instants, inZone('Asia/Tokyo'))).to.deep.equal(['2026-11-18', '2026-11-19']);
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
