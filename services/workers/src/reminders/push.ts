import webpush from 'web-push';
import type { EventStore } from '../../../../events/store/port.js';
import { pushStream } from '../../../../events/streams.js';
import { REMINDER_SCREEN } from '../../../../contract/reminders/settings.js';
import type { Tokens } from '../../../platform/auth.js';
import type { Logger } from '../../../platform/logger.js';
import type { VapidKeys } from '../../../platform/vapid.js';
import { execute, load } from '../../../command/src/execute.js';
import { unsubscribePush } from '../../../command/src/reminders/api.js';
import { pushDevices, type PushDevice } from '../../../domain/reminders/settings.js';
import type { JobRoute } from '../dispatcher.js';
import type { JobHandler } from '../jobs/port.js';
import { addressOf } from '../mail/api.js';
import { channelsOf, reminderOf, type ReminderMailJob } from './send.js';

export const PUSH_QUEUE = 'push';

/** How long a push service keeps a reminder for a device that is offline: within the day it is for. */
const PUSH_TTL_SECONDS = 6 * 3600;

/** What the service worker shows (web/public/sw.js reads these names). */
export interface ReminderPush {
  title: string;
  body: string;
  /** Where a tap on the notification leads. */
  url: string;
  /** One notification per reminder: a retry replaces it rather than adding a second. */
  tag: string;
}

/** A recorded reminder on the push channel becomes one push job (its id is the event's, so a replay never pushes twice). */
export const reminderPushRoute: JobRoute = (event) =>
  event.type === 'ReminderSent' && channelsOf(event.data).includes('push')
    ? [{ id: event.id, queue: PUSH_QUEUE, name: 'reminder', data: { userId: event.data.userId, reminderId: event.data.reminderId } satisfies ReminderMailJob }]
    : [];

/** The push services' answers that say a subscription is gone for good (RFC 8030: 404 and 410). */
const GONE = new Set([404, 410]);

export interface PushDeps {
  events: EventStore;
  tokens: Tokens;
  vapid: VapidKeys;
  log: Logger;
  now(): Date;
}

/**
 * Sends a recorded reminder to each of the person's push devices with web-push (encrypted for the device, signed
 * with the VAPID key). A device whose sign-in has ended (signed out there, everywhere, or the account deleted) is
 * removed instead of sent to; one the push service says is gone is removed. Any other refusal fails the job after the
 * others were tried, so it is retried (a device reached twice shows the one notification: same tag).
 */
export const reminderPushHandler =
  (deps: PushDeps): JobHandler =>
  async (job) => {
    const { userId, reminderId } = job.data as ReminderMailJob;
    if ((await addressOf(deps.events, userId)) === undefined) return;
    const reminder = await reminderOf(deps.events, userId, job.id);
    if (reminder === undefined) throw new Error(`no reminder ${reminderId} recorded for its push job ${job.id}`);
    const { state: devices } = await load(deps.events, pushStream(userId), pushDevices);
    const payload = JSON.stringify({ title: reminder.subject, body: reminder.text.trim(), url: REMINDER_SCREEN, tag: reminderId } satisfies ReminderPush);
    const remove = (device: PushDevice, reason: 'signed-out' | 'gone') => {
      const now = deps.now().toISOString();
      return execute({ store: deps.events, metadata: { userId, at: now } }, pushStream(userId), pushDevices, (current) => unsubscribePush(current, { userId, deviceId: device.deviceId, reason, now }));
    };
    const failed: string[] = [];
    for (const device of devices) {
      if (!(await deps.tokens.signIns.isLive(device.signInId))) {
        await remove(device, 'signed-out');
        continue;
      }
      try {
        await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
          vapidDetails: { subject: deps.vapid.subject, publicKey: deps.vapid.publicKey, privateKey: deps.vapid.privateKey },
          TTL: PUSH_TTL_SECONDS,
          urgency: 'normal',
        });
      } catch (error) {
        if (error instanceof webpush.WebPushError && GONE.has(error.statusCode)) {
          await remove(device, 'gone');
          continue;
        }
        // Neither the endpoint nor the push service's answer body: the log outlives the device.
        deps.log.warn(`push of reminder ${reminderId} to device ${device.deviceId} failed`, { status: (error as { statusCode?: number }).statusCode, code: (error as { code?: string }).code });
        failed.push(device.deviceId);
      }
    }
    if (failed.length > 0) throw new Error(`push of reminder ${reminderId} failed for ${failed.length} device(s)`);
  };
