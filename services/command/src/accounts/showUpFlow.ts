import { loginStream, userStream } from '../../../../events/streams.js';
import { Rejected } from '../../../../events/rejected.js';
import { localDate } from '../../../platform/time.js';
import { decided, loaded, type Decided, type Flow } from '../flow.js';
import { showUp } from './decide.js';
import { logins } from './logins.js';
import { user } from './user.js';

/** A signed-in visit, on the person's login stream, dated in the zone of their profile. */
export function* showUpFlow({ userId, now }: { userId: string; now: string }): Flow<Decided> {
  const account = yield* loaded(userStream(userId), user);
  // A token that outlived its account shows nobody up.
  if (account.status === 'none') throw new Rejected('not_found', 'No such user');
  const day = localDate(now, account.profile.timeZone);
  return yield* decided(loginStream(userId), logins, (state) => showUp(state, { userId, now, day }));
}
