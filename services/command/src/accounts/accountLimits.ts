import type { Response } from 'express';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { normalizeEmail } from '../../../../events/streams.js';
import type { Config } from '../../../platform/config.js';
import { rateCounter, spend, type CountStore } from '../../../platform/rateLimit.js';

const HOUR = 3600;

/**
 * Budgets of the two endpoints that send mail to an address someone typed: sign-ups per IP, and mails per address
 * (sign-up and resend count alike, whether or not the address has an account, so a 429 tells nothing about it).
 */
export class AccountLimits {
  private readonly signUpsPerIp: RateLimiterAbstract;
  private readonly mailsPerAddress: RateLimiterAbstract;

  constructor(config: Config, counts: CountStore) {
    this.signUpsPerIp = rateCounter({ points: config.SIGNUP_MAX_PER_IP, windowSeconds: HOUR, keyPrefix: 'signup-ip' }, counts);
    this.mailsPerAddress = rateCounter({ points: config.MAILS_MAX_PER_ADDRESS, windowSeconds: HOUR, keyPrefix: 'mail-address' }, counts);
  }

  signUp = (ip: string | undefined, res: Response) => spend(this.signUpsPerIp, ip ?? 'unknown', 'Too many sign-ups from your network.', res);

  /** A deleted account's address leaves no counter behind (its key is the address itself). */
  forget = (email: string) => this.mailsPerAddress.delete(normalizeEmail(email));

  mailTo = (email: string, res: Response) =>
    spend(this.mailsPerAddress, normalizeEmail(email), 'Too many mails to this address. Check your inbox and spam folder for the last one.', res);
}
