import { expect } from 'chai';
import { formatDuration, secondsSince, wholeMinutes } from '../../web/src/features/training/regimens/sessionTimer';

describe('Session timer (docs/product.md#screens-feature-by-feature, docs/product.md#numbers-and-constants)', () => {
  it('formats seconds as hh:mm:ss', () => {
    expect(formatDuration(0)).to.equal('00:00:00');
    expect(formatDuration(59)).to.equal('00:00:59');
    expect(formatDuration(61)).to.equal('00:01:01');
    expect(formatDuration(3600)).to.equal('01:00:00');
    expect(formatDuration(3 * 3600 + 25 * 60 + 7)).to.equal('03:25:07');
  });

  it('keeps counting hours past a day, and never shows negative or fractional time', () => {
    expect(formatDuration(100 * 3600)).to.equal('100:00:00');
    expect(formatDuration(-5)).to.equal('00:00:00');
    expect(formatDuration(61.9)).to.equal('00:01:01');
  });

  it('sends the duration in whole minutes, rounded down', () => {
    expect(wholeMinutes(0)).to.equal(0);
    expect(wholeMinutes(59)).to.equal(0);
    expect(wholeMinutes(60)).to.equal(1);
    expect(wholeMinutes(3599)).to.equal(59);
  });

  it('counts wall time since the value arrived, so a tab that slept shows the right time on waking', () => {
    const arrived = Date.parse('2026-11-25T10:00:00Z');
    expect(secondsSince(100, arrived, true, arrived + 3_600_500)).to.equal(3700);
    expect(secondsSince(100, arrived, false, arrived + 3_600_500), 'paused: no time passes').to.equal(100);
    expect(secondsSince(100, arrived, true, arrived - 5000), 'a clock set back never counts down').to.equal(100);
  });
});
