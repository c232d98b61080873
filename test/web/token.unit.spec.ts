import { expect } from 'chai';
import { decodeToken, storedToken, TOKEN_KEY, validClaims } from '../../web/src/shared/auth/token';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: Record<string, unknown>) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.signature`;
const NOW = Date.parse('2026-11-22T12:00:00Z');
const inAnHour = NOW / 1000 + 3600;

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  removeItem = (key: string) => void this.items.delete(key);
}

describe('web token: decode and expiry (unit)', () => {
  it('decodes sub, name, role and exp from the payload, names with non-ASCII letters included', () => {
    expect(decodeToken(jwt({ sub: 'u1', name: 'Zoë', role: 3, exp: inAnHour }))).to.deep.equal({ sub: 'u1', name: 'Zoë', role: 3, exp: inAnHour });
  });

  it('reads nothing from a token that is not a JWT or lacks the claims a session token has', () => {
    expect(decodeToken('garbage')).to.equal(undefined);
    expect(decodeToken('a.%%%.c')).to.equal(undefined);
    expect(decodeToken(jwt({ sub: 'u1', name: 'A', exp: inAnHour }))).to.equal(undefined);
    expect(decodeToken(jwt({ sub: 'u1', role: '3', exp: inAnHour }))).to.equal(undefined);
  });

  it('counts a token as signed in only until its expiry', () => {
    const token = jwt({ sub: 'u1', name: 'A', role: 1, exp: inAnHour });
    expect(validClaims(token, NOW)?.sub).to.equal('u1');
    expect(validClaims(token, (inAnHour + 1) * 1000)).to.equal(undefined);
    expect(validClaims(null, NOW)).to.equal(undefined);
  });

  it('gives the same claims object for the same token, so a store selector of them changes only with the token', () => {
    const token = jwt({ sub: 'u1', name: 'A', role: 3, exp: inAnHour });
    const first = validClaims(token, NOW);
    expect(validClaims(token, NOW + 1000)).to.equal(first);
    const other = jwt({ sub: 'u2', name: 'B', role: 3, exp: inAnHour });
    expect(validClaims(other, NOW)?.sub).to.equal('u2');
    expect(validClaims(token, NOW)).to.deep.equal(first).and.not.equal(undefined);
    expect(validClaims(token, (inAnHour + 1) * 1000)).to.equal(undefined);
  });

  it('removes an expired or undecodable stored token silently and keeps a valid one', () => {
    const storage = new MemoryStorage();
    storage.items.set(TOKEN_KEY, jwt({ sub: 'u1', name: 'A', role: 1, exp: NOW / 1000 - 1 }));
    expect(storedToken(storage, NOW)).to.equal(null);
    expect(storage.items.has(TOKEN_KEY)).to.equal(false);

    storage.items.set(TOKEN_KEY, 'not-a-token');
    expect(storedToken(storage, NOW)).to.equal(null);
    expect(storage.items.has(TOKEN_KEY)).to.equal(false);

    const valid = jwt({ sub: 'u1', name: 'A', role: 1, exp: inAnHour });
    storage.items.set(TOKEN_KEY, valid);
    expect(storedToken(storage, NOW)).to.equal(valid);
    expect(storage.items.get(TOKEN_KEY)).to.equal(valid);
  });
});
