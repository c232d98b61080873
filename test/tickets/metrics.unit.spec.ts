import { expect } from 'chai';
import { newEvent } from '../../events/catalog.js';
import { earlyAccessClickInput } from '../../services/command/src/landing/clicks/clickInput.js';
import { dayOf, recordEarlyAccessClick } from '../../services/command/src/landing/clicks/decide.js';
import { earlyAccessClickReport, earlyAccessClicksProjection } from '../../services/query/src/landing/clicks/earlyAccessClicks.projection.js';
import { project } from '../support/decider.js';

const click = (plan: 'monthly' | 'annual', clickedAt: string) => newEvent('EarlyAccessClicked', { plan, clickedAt });

describe('metrics: early-access clicks', () => {
  it('records each click with its time', () => {
    expect(recordEarlyAccessClick({ plan: 'annual', now: '2026-11-18T23:59:59.000Z' })).to.deep.equal([click('annual', '2026-11-18T23:59:59.000Z')]);
  });

  it('counts a click for its UTC day', () => {
    expect(dayOf('2026-11-18T23:59:59.999Z')).to.equal('2026-11-18');
    expect(dayOf('2026-11-19T00:00:00.000Z')).to.equal('2026-11-19');
  });

  it('takes monthly or annual only', () => {
    expect(earlyAccessClickInput.safeParse({ plan: 'monthly' }).success).to.equal(true);
    expect(earlyAccessClickInput.safeParse({ plan: 'annual' }).success).to.equal(true);
    for (const plan of ['annually', 'Monthly', '', undefined]) expect(earlyAccessClickInput.safeParse({ plan }).success).to.equal(false);
    expect(earlyAccessClickInput.safeParse({ plan: 'monthly', extra: 1 }).success).to.equal(false);
  });

  it('projects counts per plan per day, oldest day first, with totals', () => {
    const docs = project(earlyAccessClicksProjection, [
      click('monthly', '2026-11-19T01:00:00.000Z'),
      click('annual', '2026-11-18T10:00:00.000Z'),
      click('monthly', '2026-11-18T11:00:00.000Z'),
      click('annual', '2026-11-18T23:59:59.999Z'),
    ]);
    expect(earlyAccessClickReport([...docs.values()])).to.deep.equal({
      days: [
        { day: '2026-11-18', monthly: 1, annual: 2 },
        { day: '2026-11-19', monthly: 1, annual: 0 },
      ],
      totals: { monthly: 2, annual: 2 },
    });
  });
});
