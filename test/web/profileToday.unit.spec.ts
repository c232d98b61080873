import { expect } from 'chai';
import { todayLabel } from '../../web/src/features/profile/useProfileToday';

describe('web: today as the dashboards head it', () => {
  const lateSundayInLosAngeles = new Date('2026-11-23T02:24:00Z');

  it('is the date in the profile time zone, where the server counts the day and the week', () => {
    expect(todayLabel('America/Los_Angeles', lateSundayInLosAngeles)).to.equal('Sunday, November 22, 2026');
    expect(todayLabel('Europe/Berlin', lateSundayInLosAngeles)).to.equal('Monday, November 23, 2026');
  });

  it("falls back to the device's zone for a zone it does not know", () => {
    expect(todayLabel('Not/AZone', lateSundayInLosAngeles)).to.equal(todayLabel(undefined, lateSundayInLosAngeles));
  });
});
