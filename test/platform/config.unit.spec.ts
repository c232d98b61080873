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
});
