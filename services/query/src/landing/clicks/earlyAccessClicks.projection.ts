import type { Projection } from '../../projection.js';

/** Join Early Access clicks of one UTC day, per plan. */
export interface EarlyAccessClicksDoc {
  day: string;
  monthly: number;
  annual: number;
}

export const earlyAccessClicksProjection: Projection<EarlyAccessClicksDoc> = {
  name: 'earlyAccessClicks',
  handles: ['EarlyAccessClicked'],
  // The UTC day of the click; ISO times from the command side are always UTC ('Z').
  key: (event) => (event.data as { clickedAt: string }).clickedAt.slice(0, 10),
  evolve(doc, event) {
    if (event.type !== 'EarlyAccessClicked') return doc;
    const current = doc ?? { day: event.data.clickedAt.slice(0, 10), monthly: 0, annual: 0 };
    return { ...current, [event.data.plan]: current[event.data.plan] + 1 };
  },
};

/** GET /api/metrics/early-access-clicks: every day with clicks, oldest first, and the totals. */
export function earlyAccessClickReport(docs: EarlyAccessClicksDoc[]) {
  const days = [...docs].sort((a, b) => a.day.localeCompare(b.day)).map(({ day, monthly, annual }) => ({ day, monthly, annual }));
  const totals = days.reduce((sum, d) => ({ monthly: sum.monthly + d.monthly, annual: sum.annual + d.annual }), { monthly: 0, annual: 0 });
  return { days, totals };
}
