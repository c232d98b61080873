import { getRoutes, type GetRoutes } from '../../../../platform/routing.js';
import { currentUser, requireUser } from '../../../../platform/auth.js';
import { notFound } from '../../../../platform/http.js';
import { AnswerTexts } from '../../callerDocs.js';
import type { QueryDeps } from '../../context.js';
import { profileAsRead, type ProfileDoc } from './profiles.projection.js';

export function profileQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  const texts = new AnswerTexts();
  router.get('/profile', requireUser(deps.tokens), async (_req, res) => {
    const doc = await deps.readModels.get<ProfileDoc>('profiles', currentUser(res).id);
    if (!doc) throw notFound('No profile for this user');
    texts.send(res, [doc], '', () => profileAsRead(doc));
  });
  return router;
}
