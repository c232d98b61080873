import { expect } from 'chai';
import { ConfigError, loadConfig, paymentProviderOf } from '../../services/platform/config.js';

describe('configuration from the environment', () => {
  it('takes a variable set to the empty string as unset, as compose passes optional ones', () => {
    const config = loadConfig({ SMTP_URL: '', STRIPE_SECRET_KEY: '', OPENAI_MODEL: '', MAIL_FROM: '' });
    expect(config.SMTP_URL).to.equal(undefined);
    expect(paymentProviderOf(config)).to.equal('test');
    expect(config.OPENAI_MODEL).to.equal('gpt-4o-mini');
    expect(config.MAIL_FROM).to.contain('@');
  });

  it('still stops on a wrong value, naming the variable', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).to.throw(ConfigError, /SMTP_URL/);
  });

  it('takes the VAPID keys both or neither, so pushes are never signed with half a pair', () => {
    const keys = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'p'.repeat(43) };
    expect(loadConfig(keys).VAPID_PUBLIC_KEY).to.equal(keys.VAPID_PUBLIC_KEY);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).to.throw(ConfigError, /VAPID/);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: keys.VAPID_PRIVATE_KEY })).to.throw(ConfigError, /VAPID/);
    expect(() => loadConfig({ ...keys, VAPID_SUBJECT: 'someone' })).to.throw(ConfigError, /VAPID_SUBJECT/);
  });
});
