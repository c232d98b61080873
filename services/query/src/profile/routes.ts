import { Router } from 'express';
import { currentUser, requireUser } from '../../../platform/auth.js';
import { notFound } from '../../../platform/http.js';
import type { QueryDeps } from '../context.js';
import { profileAsRead, type ProfileDoc } from './profiles.projection.js';

export function profileQueries(deps: QueryDeps): Router {
  const router = Router();
  router.get('/profile', requireUser(deps.tokens), async (_req, res) => {
    const doc = await deps.readModels.get<ProfileDoc>('profiles', currentUser(res).id);
    if (!doc) throw notFound('No profile for this user');
    res.json(profileAsRead(doc));
  });
  return router;
}
