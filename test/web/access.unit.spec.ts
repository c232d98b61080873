import { expect } from 'chai';
import { guardRedirect } from '../../web/src/shared/auth/access';
import { navItems } from '../../web/src/app/nav';

describe('web guards and nav by role (unit)', () => {
  it('sends a visitor (no valid token) to /home from any guarded page', () => {
    expect(guardRedirect('user', undefined)).to.equal('/home');
    expect(guardRedirect('subscriber', undefined)).to.equal('/home');
  });

  it("sends a signed-in user without role 3 or 2 from a subscriber page to the profile's plan cards, and lets them into user pages", () => {
    expect(guardRedirect('subscriber', { role: 1 })).to.equal('/prof#subscription');
    expect(guardRedirect('subscriber', { role: 7 })).to.equal('/prof#subscription');
    expect(guardRedirect('user', { role: 1 })).to.equal(undefined);
  });

  it('lets subscribers (3) and staff (2) into subscriber pages', () => {
    expect(guardRedirect('subscriber', { role: 3 })).to.equal(undefined);
    expect(guardRedirect('subscriber', { role: 2 })).to.equal(undefined);
  });

  it('shows a visitor Home, AI Chat and Sign In', () => {
    expect(navItems(undefined).map((i) => [i.label, i.to])).to.deep.equal([
      ['Home', '/home'],
      ['AI Chat', '/chat'],
      ['Sign In', '/login'],
    ]);
  });

  it('shows a signed-in non-subscriber Home, AI Chat and Profile', () => {
    expect(navItems({ role: 1 }).map((i) => i.label)).to.deep.equal(['Home', 'AI Chat', 'Profile']);
  });

  it('shows subscribers and staff Dashboard, AI Chat, Exercises, Tracker, Meal Plans, Food, Progress and Profile, and staff Tickets and Analytics', () => {
    expect(navItems({ role: 3 }).map((i) => i.label)).to.deep.equal(['Dashboard', 'AI Chat', 'Exercises', 'Tracker', 'Meal Plans', 'Food', 'Progress', 'Profile']);
    expect(navItems({ role: 3 }).map((i) => i.to)).to.deep.equal(['/', '/chat', '/work', '/track', '/plan', '/food', '/prog', '/prof']);
    expect(navItems({ role: 2 }).map((i) => [i.label, i.to])).to.deep.equal([
      ['Dashboard', '/'],
      ['AI Chat', '/chat'],
      ['Exercises', '/work'],
      ['Tracker', '/track'],
      ['Meal Plans', '/plan'],
      ['Food', '/food'],
      ['Progress', '/prog'],
      ['Tickets', '/tickets'],
      ['Analytics', '/analytics'],
      ['Profile', '/prof'],
    ]);
  });
});
