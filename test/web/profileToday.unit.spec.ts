import { expect } from 'chai';
import { instantIn, todayDate, todayLabel } from '../../web/src/shared/profile/useProfileToday';

describe("web: today in the profile's time zone", () => {
  const lateSundayInLosAngeles = new Date('2026-11-23T02:24:00Z');

  it('heads the dashboards with the date in the profile time zone, where the server counts the day and the week', () => {
    expect(todayLabel('America/Los_Angeles', lateSundayInLosAngeles)).to.equal('Sunday, November 22, 2026');
    expect(todayLabel('Europe/Berlin', lateSundayInLosAngeles)).to.equal('Monday, November 23, 2026');
  });

  it("gives /prog's latest \"as of\" day as YYYY-MM-DD in that zone, where the server ends an asOf day", () => {
    expect(todayDate('America/Los_Angeles', lateSundayInLosAngeles)).to.equal('2026-11-22');
    expect(todayDate('Europe/Berlin', lateSundayInLosAngeles)).to.equal('2026-11-23');
    expect(todayDate('Asia/Tokyo', new Date('2026-12-31T15:30:00Z'))).to.equal('2027-01-01');
  });

  it('writes the user\'s own instants (a meal logged, a session begun) in that zone', () => {
    const when: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };
    expect(instantIn('America/Los_Angeles', '2026-11-23T02:24:00Z', when)).to.equal('Nov 22, 6:24 PM');
    expect(instantIn('Europe/Berlin', '2026-11-23T02:24:00Z', when)).to.equal('Nov 23, 3:24 AM');
    expect(instantIn('Not/AZone', '2026-11-23T02:24:00Z', when)).to.equal(new Date('2026-11-23T02:24:00Z').toLocaleString('en-US', when));
  });

  it("falls back to the device's zone for a zone it does not know", () => {
    expect(todayLabel('Not/AZone', lateSundayInLosAngeles)).to.equal(todayLabel(undefined, lateSundayInLosAngeles));
    expect(todayDate('Not/AZone', lateSundayInLosAngeles)).to.equal(todayDate(undefined, lateSundayInLosAngeles));
  });
});
