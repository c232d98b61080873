import { getRoutes, type GetRoutes } from '../../../platform/routing.js';
import { currentUser, requireUser } from '../../../platform/auth.js';
import { notFound } from '../../../platform/http.js';
import type { ReminderSettingsAnswer } from '../../../../contract/reminders/settings.js';
import type { QueryDeps } from '../context.js';
import type { ProfileDoc } from '../accounts/api.js';
import { settingsOfDoc, type ReminderSettingsDoc } from './reminderSettings.projection.js';

/** GET /api/reminders: the caller's reminder settings, the zone their hour is in, and the key push subscribes with. */
export function reminderQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  router.get('/reminders', requireUser(deps.tokens), async (_req, res) => {
    const userId = currentUser(res).id;
    const [profile, doc] = await Promise.all([deps.readModels.get<ProfileDoc>('profiles', userId), deps.readModels.get<ReminderSettingsDoc>('reminderSettings', userId)]);
    if (!profile) throw notFound('No profile for this user');
    const answer: ReminderSettingsAnswer = {
      ...settingsOfDoc(doc),
      timeZone: profile.time_zone,
      subscribed: profile.subscription?.status === 'active',
      pushPublicKey: deps.pushPublicKey,
      pushDevices: doc?.push_devices.length ?? 0,
    };
    res.json(answer);
  });
  return router;
}
