import type { Tokens } from '../../../platform/auth.js';

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
