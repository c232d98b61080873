import { z } from 'zod';
import { REMINDER_CHANNELS } from '../../../../contract/reminders/settings.js';
import { says, wholeNumber } from '../fields.js';

/** PUT /api/reminders: every field, so a save says the whole choice (an unknown field is refused, not ignored). */
export const reminderSettingsInput = z.strictObject({
  enabled: z.boolean({ error: says('enabled', 'must be true or false') }),
  hour: wholeNumber('hour', 0, 23),
  days: z
    .array(wholeNumber('each day', 0, 6), { error: says('days', 'must be a list of days (0 Sunday to 6 Saturday)') })
    .min(1, 'days must name at least one day')
    .max(7, 'days must name each day at most once')
    .refine((days) => new Set(days).size === days.length, 'days must name each day at most once'),
  channels: z
    .array(z.enum(REMINDER_CHANNELS, { error: `each channel must be one of ${REMINDER_CHANNELS.join(', ')}` }), { error: says('channels', 'must be a list') })
    .min(1, 'channels must name at least one channel')
    .max(REMINDER_CHANNELS.length, 'channels must name each channel at most once')
    .refine((channels) => new Set(channels).size === channels.length, 'channels must name each channel at most once'),
});

/** Push services answer on HTTPS only (RFC 8030), and web-push speaks nothing else. */
const endpoint = z
  .string({ error: says('endpoint', 'must be a URL') })
  .max(2048, 'endpoint must be at most 2048 characters')
  .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', 'endpoint must be an https URL');

const key = (what: string) =>
  z
    .string({ error: says(what, 'must be text') })
    .min(1, `${what} is required`)
    .max(256, `${what} must be at most 256 characters`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${what} must be base64url`);

/** POST /api/push-subscriptions: the browser's PushSubscription as JSON. */
export const pushSubscriptionInput = z.object({
  endpoint,
  keys: z.object({ p256dh: key('keys.p256dh'), auth: key('keys.auth') }, { error: says('keys', 'must hold p256dh and auth') }),
});

/** DELETE /api/push-subscriptions: which device stops. */
export const pushEndpointInput = z.object({ endpoint });
