import { FORGOTTEN } from '../../../../events/personal.js';
import type { EventLog } from '../../../../events/store/port.js';
import { userStream } from '../../../../events/streams.js';
import { user } from '../../../command/src/accounts/api.js';
import { load } from '../../../command/src/execute.js';
import type { JobHandler } from '../jobs/port.js';
import type { Mailer } from './mailer.js';

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

/**
 * A job that mails an account's owner: the job carries the user's id (and what the mail needs beyond it), the
 * address is read as it runs, and an account without one gets nothing. `compose` writes the subject and text.
 */
export const ownerMail =
  <Data extends { userId: string }>(events: EventLog, mailer: Mailer, compose: (data: Data) => Promise<{ subject: string; text: string }> | { subject: string; text: string }): JobHandler =>
  async (job) => {
    const data = job.data as Data;
    const email = await addressOf(events, data.userId);
    if (email === undefined) return;
    await mailer.send({ id: job.id, userId: data.userId, to: email, ...(await compose(data)) });
  };
