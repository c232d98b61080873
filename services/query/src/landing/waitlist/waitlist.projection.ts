import type { Projection } from '../../projection.js';

/** One doc per address on the waitlist (docs/product.md#what-the-app-keeps-and-answers "Waitlist entry"), with when it joined. */
export interface WaitlistDoc {
  email: string;
  source: string;
  joined_at: string;
  joined_position: number;
}

export const waitlistProjection: Projection<WaitlistDoc> = {
  name: 'waitlist',
  handles: ['WaitlistJoined', 'WaitlistLeft'],
  // By stream (one per address, named by its hash): an entry that left names no address, and a forgotten one reads
  // as FORGOTTEN, so the address cannot be the key.
  key: (event) => event.stream,
  evolve(doc, event) {
    if (event.type === 'WaitlistLeft') return undefined;
    if (event.type !== 'WaitlistJoined') return doc;
    // The decider appends one WaitlistJoined per address; should a second ever be stored, the first one stands.
    if (doc) return doc;
    return { email: event.data.email, source: event.data.source, joined_at: event.data.joinedAt, joined_position: event.position };
  },
};

/** GET /api/waitlist: newest first. */
export function waitlistList(docs: WaitlistDoc[]) {
  return [...docs]
    .sort((a, b) => b.joined_at.localeCompare(a.joined_at) || b.joined_position - a.joined_position)
    .map(({ email, source, joined_at }) => ({ email, source, joined_at }));
}
