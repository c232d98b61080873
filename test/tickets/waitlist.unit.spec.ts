import { expect } from 'chai';
import { newEvent } from '../../events/catalog.js';
import { waitlistStream } from '../../events/streams.js';
import { joinWaitlist } from '../../services/command/src/landing/waitlist/decide.js';
import { waitlistEntry } from '../../services/command/src/landing/waitlist/waitlistEntry.js';
import { waitlistInput } from '../../services/command/src/landing/waitlist/waitlistInput.js';
import { waitlistList, waitlistProjection } from '../../services/query/src/landing/waitlist/waitlist.projection.js';
import { project, stateOf } from '../support/decider.js';

const now = '2026-11-18T15:00:00.000Z';

describe('waitlist: decider', () => {
  it('joins an address not yet on the list, normalised', () => {
    expect(joinWaitlist(stateOf(waitlistEntry, []), { email: ' Ann@Example.COM ', source: 'landing', now })).to.deep.equal([
      newEvent('WaitlistJoined', { email: 'ann@example.com', source: 'landing', joinedAt: now }),
    ]);
  });

  it('joining again records nothing', () => {
    const state = stateOf(waitlistEntry, [newEvent('WaitlistJoined', { email: 'ann@example.com', source: 'landing', joinedAt: now })]);
    expect(joinWaitlist(state, { email: 'ANN@example.com', source: 'footer', now: '2026-11-19T15:00:00.000Z' })).to.deep.equal([]);
  });

  it('one stream per address, whatever its case and spaces', () => {
    expect(waitlistStream(' Ann@Example.com')).to.equal(waitlistStream('ann@example.com'));
    expect(waitlistStream('bob@example.com')).to.not.equal(waitlistStream('ann@example.com'));
  });
});

describe('waitlist: input', () => {
  const first = (body: unknown) => waitlistInput.safeParse(body).error?.issues[0]?.message;

  it('trims the e-mail and defaults the source to landing', () => {
    expect(waitlistInput.parse({ email: '  ann@example.com ' })).to.deep.equal({ email: 'ann@example.com', source: 'landing' });
    expect(waitlistInput.parse({ email: 'ann@example.com', source: '' })).to.deep.equal({ email: 'ann@example.com', source: 'landing' });
    expect(waitlistInput.parse({ email: 'ann@example.com', source: 'pricing' })).to.deep.equal({ email: 'ann@example.com', source: 'pricing' });
  });

  it('refuses an empty or malformed e-mail and a long or odd source', () => {
    expect(first({ email: '   ' })).to.equal('Please enter your e-mail address');
    expect(first({})).to.equal('Please enter your e-mail address');
    expect(first({ email: 'not-an-email' })).to.equal('Please enter a valid e-mail address');
    expect(first({ email: `${'a'.repeat(250)}@example.com` })).to.equal('Please enter a valid e-mail address');
    expect(first({ email: 'ann@example.com', source: 'x'.repeat(51) })).to.equal('The source must be at most 50 characters');
    expect(first({ email: 'ann@example.com', source: 7 })).to.equal('The source must be text');
    expect(first({ email: 'ann@example.com', source: '<script>' })).to.match(/^The source may only hold/);
  });
});

describe('waitlist: projection', () => {
  const byAddress = (e: { data: unknown }) => waitlistStream((e.data as { email?: string }).email ?? 'carl@example.com');

  it('one entry per address, the first join standing, newest first', () => {
    const docs = project(
      waitlistProjection,
      [
        newEvent('WaitlistJoined', { email: 'ann@example.com', source: 'landing', joinedAt: now }),
        newEvent('WaitlistJoined', { email: 'bob@example.com', source: 'pricing', joinedAt: '2026-11-19T08:00:00.000Z' }),
        newEvent('WaitlistJoined', { email: 'ann@example.com', source: 'later', joinedAt: '2026-11-20T08:00:00.000Z' }),
      ],
      byAddress,
    );
    expect(waitlistList([...docs.values()])).to.deep.equal([
      { email: 'bob@example.com', source: 'pricing', joined_at: '2026-11-19T08:00:00.000Z' },
      { email: 'ann@example.com', source: 'landing', joined_at: now },
    ]);
  });

  it('an entry that left (its account was deleted) is gone', () => {
    const docs = project(
      waitlistProjection,
      [
        newEvent('WaitlistJoined', { email: 'carl@example.com', source: 'landing', joinedAt: now }),
        newEvent('WaitlistJoined', { email: 'bob@example.com', source: 'pricing', joinedAt: now }),
        newEvent('WaitlistLeft', { leftAt: '2026-11-20T08:00:00.000Z' }),
      ],
      byAddress,
    );
    expect(waitlistList([...docs.values()]).map((d) => d.email)).to.deep.equal(['bob@example.com']);
  });
});
