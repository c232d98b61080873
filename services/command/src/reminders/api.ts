import { pushStream } from '../../../../events/streams.js';
import type { Tokens } from '../../../platform/auth.js';
import { pushDevices } from '../../../domain/reminders/settings.js';
import { execute, type CommandContext } from '../execute.js';
import { unsubscribeAllPush } from './decide.js';

/** What the workers use of reminders on the command side: the signed link that turns them off, and a device's removal. */
export { unsubscribePush } from './decide.js';
export const UNSUBSCRIBE_PURPOSE = 'unsubscribe-reminders';
/** A link in an old mail keeps working for a year: long enough for any mail still read, and it only turns reminders off. */
const UNSUBSCRIBE_TTL_SECONDS = 365 * 24 * 3600;

/** The one-click link of a reminder mail: signed for this user and this purpose only (no sign-in needed). */
export async function unsubscribeLink(tokens: Tokens, publicUrl: string, userId: string): Promise<string> {
  const token = await tokens.purpose(UNSUBSCRIBE_PURPOSE, userId, UNSUBSCRIBE_TTL_SECONDS);
  return `${publicUrl}/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** An account's deletion step: every device of the person stops taking push, recorded before their keys go. */
export async function removePushDevicesOf(ctx: CommandContext, userId: string, now: string): Promise<void> {
  await execute(ctx, pushStream(userId), pushDevices, (devices) => unsubscribeAllPush(devices, { userId, now }));
}
