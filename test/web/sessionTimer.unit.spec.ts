import { expect } from 'chai';
import { formatDuration, wholeMinutes } from '../../web/src/features/workouts/sessionTimer';

describe('Session timer (docs/product.md#screens, docs/product.md#numbers)', () => {
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
});
