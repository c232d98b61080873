import { FORGOTTEN } from '../../../../events/personal.js';
import type { EventLog } from '../../../../events/store/port.js';
import { userStream } from '../../../../events/streams.js';
import { user } from '../../../command/src/accounts/api.js';
import { load } from '../../../command/src/execute.js';

/**
 * Where a mail of an account goes, read from the log as the mail is sent. A mail job carries ids only: the queue
 * keeps a job's data after it ran (BullMQ keeps finished jobs a day and failed ones a month), where no erasure reaches
 * it, so an address or a text never goes there. An account that is gone, or whose deletion has begun, has no address:
 * nothing is sent.
 */
export async function addressOf(events: EventLog, userId: string): Promise<string | undefined> {
  const { state } = await load(events, userStream(userId), user);
  return state.status === 'none' || state.email === FORGOTTEN ? undefined : state.email;
}
