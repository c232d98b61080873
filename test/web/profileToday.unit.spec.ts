import { expect } from 'chai';
import { instantIn, todayDate, todayLabel } from '../../web/src/shared/profile/useProfileToday';
import { formatDate, formatDay, formatMonthDay } from '../../web/src/shared/dates';

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

describe("web: dates in the browser's locale, through one formatter", () => {
  const withLanguage = (language: string, read: () => unknown) => {
    const had = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { value: { language }, configurable: true });
    try {
      return read();
    } finally {
      if (had) Object.defineProperty(globalThis, 'navigator', had);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
  };

  it('an en-GB browser reads 29/11/2026 and "16 Nov"; an en-US one 11/29/2026 and "Nov 16"', () => {
    expect(withLanguage('en-GB', () => formatDay('2026-11-29'))).to.equal('29/11/2026');
    expect(withLanguage('en-US', () => formatDay('2026-11-29'))).to.equal('11/29/2026');
    expect(withLanguage('en-GB', () => formatMonthDay('11/16', '2026-11-29'))).to.equal('16 Nov');
    expect(withLanguage('en-GB', () => todayLabel('Europe/London', new Date('2026-11-29T10:00:00Z')))).to.equal('Sunday, 29 November 2026');
    // A week labelled in a later month than the day asked about is of the year before.
    expect(withLanguage('en-GB', () => formatMonthDay('12/29', '2027-01-12'))).to.equal('29 Dec');
    expect(withLanguage('en-GB', () => formatDate(new Date('2026-12-29T12:00:00Z'), { year: 'numeric' }))).to.equal('2026');
  });
});
