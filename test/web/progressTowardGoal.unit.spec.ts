import { expect } from 'chai';
import { canShowProgress, orDashes, progressTowardGoal, workoutsAgainstGoal } from '../../web/src/shared/progressTowardGoal';

describe('Dashboard snapshot: progress toward goal (docs/product.md#what-input-is-accepted)', () => {
  it('measures a loss as (start - current) / (start - target) when the target is below the start', () => {
    expect(progressTowardGoal(190, 200, 180)).to.equal(50);
    expect(progressTowardGoal(185, 200, 180)).to.equal(75);
  });

  it('measures a gain as (current - start) / (target - start) when the target is above the start', () => {
    expect(progressTowardGoal(155, 150, 170)).to.equal(25);
    expect(progressTowardGoal(22, 20, 30)).to.equal(20);
  });

  it('is 0 when any of the three values is missing or the target equals the start', () => {
    expect(progressTowardGoal(null, 200, 180)).to.equal(0);
    expect(progressTowardGoal(190, null, 180)).to.equal(0);
    expect(progressTowardGoal(190, 200, undefined)).to.equal(0);
    expect(progressTowardGoal(190, 200, 200)).to.equal(0);
  });

  it('clamps the bar to 0–100: moving away from the goal is 0, passing it is 100', () => {
    expect(progressTowardGoal(205, 200, 180)).to.equal(0);
    expect(progressTowardGoal(175, 200, 180)).to.equal(100);
    expect(progressTowardGoal(140, 150, 170)).to.equal(0);
  });

  it('shows a bar only when the current value and the target are both known', () => {
    expect(canShowProgress(190, 180)).to.equal(true);
    expect(canShowProgress(null, 180)).to.equal(false);
    expect(canShowProgress(190, null)).to.equal(false);
    expect(canShowProgress(0, 0)).to.equal(true);
  });

  it("shows a missing value as '--' and a known one with its unit", () => {
    expect(orDashes(null, ' lb')).to.equal('--');
    expect(orDashes(undefined)).to.equal('--');
    expect(orDashes('')).to.equal('--');
    expect(orDashes(172.46, ' lb')).to.equal('172.5 lb');
    expect(orDashes('Lose weight')).to.equal('Lose weight');
  });

  it("shows workouts against the weekly goal, and '--' for a goal never set (0), not a goal of zero", () => {
    expect(workoutsAgainstGoal(2, 3)).to.equal('2 / 3');
    expect(workoutsAgainstGoal(1, 0)).to.equal('1 / --');
  });
});
