import { Router } from 'express';
import { userStream } from '../../../../../events/streams.js';
import { currentUser, requireUser } from '../../../../platform/auth.js';
import { parse } from '../../../../platform/http.js';
import { user } from '../user.js';
import { commandContext, type CommandDeps } from '../../context.js';
import { execute } from '../../execute.js';
import { updateProfile } from './decide.js';
import { profileChangesOf, profileInput } from './profileInput.js';

export function profileRoutes(deps: CommandDeps): Router {
  const router = Router();
  router.put('/profile', requireUser(deps.tokens), async (req, res) => {
    const input = parse(profileInput, req.body);
    const now = deps.now().toISOString();
    const { position } = await execute(commandContext(deps, req, res), userStream(currentUser(res).id), user, (state) =>
      updateProfile(state, { changes: profileChangesOf(input), now }),
    );
    res.json({ message: 'Profile updated successfully!', position });
  });
  return router;
}
