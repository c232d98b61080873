import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../services/platform/config.js';
import { hashPassword, verifyPassword } from '../../services/command/src/accounts/password.js';

describe('password hashes', () => {
  it('are scrypt at N = 2^15, r = 8, p = 1 unless PASSWORD_HASH_LOG_N says otherwise', async () => {
    const { PASSWORD_HASH_LOG_N } = loadConfig({});
    const stored = await hashPassword('correct horse', PASSWORD_HASH_LOG_N);
    expect(stored.split('$').slice(0, 4)).to.deep.equal(['scrypt', '32768', '8', '1']);
    expect(await verifyPassword('correct horse', stored)).to.equal(true);
    expect(await verifyPassword('correct hors', stored)).to.equal(false);
  });

  it('each name their own cost, so a hash made at another N still verifies after the setting changes', async () => {
    const cheap = await hashPassword('s3cret!', 10);
    expect(cheap.split('$')[1]).to.equal('1024');
    expect(await verifyPassword('s3cret!', cheap)).to.equal(true);
    expect(await verifyPassword('s3cret?', cheap)).to.equal(false);
  });

  it('cannot be made cheaper than 2^15 in production, nor outside 2^10..2^20 anywhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_LOG_N: '12' })).to.throw(ConfigError, /PASSWORD_HASH_LOG_N: must be at least 15 in production/);
    expect(loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_LOG_N: '16' }).PASSWORD_HASH_LOG_N).to.equal(16);
    expect(() => loadConfig({ PASSWORD_HASH_LOG_N: '9' })).to.throw(ConfigError, /PASSWORD_HASH_LOG_N/);
    expect(() => loadConfig({ PASSWORD_HASH_LOG_N: '21' })).to.throw(ConfigError, /PASSWORD_HASH_LOG_N/);
  });
});
