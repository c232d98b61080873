import { Router, type Request, type Response } from 'express';
import { pushStream, userStream } from '../../../../events/streams.js';
import { currentUser, requireUser } from '../../../platform/auth.js';
import { parse } from '../../../platform/http.js';
import { pushDevices } from '../../../domain/reminders/settings.js';
import { commandContext, type CommandDeps } from '../context.js';
import { execute } from '../execute.js';
import { UNSUBSCRIBE_PURPOSE } from './api.js';
import { chooseReminders, deviceIdOf, reminderAccount, subscribePush, turnRemindersOff, unsubscribePush } from './decide.js';
import { pushEndpointInput, pushSubscriptionInput, reminderSettingsInput } from './input.js';

/** The answer a mail's link opens: a plain page (the app's CSP allows no inline style), the app's own words only. */
const page = (title: string, body: string, extra = '<p><a href="/prof">Your profile</a></p>') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
  `<body><h1>${title}</h1><p>${body}</p>${extra}</body></html>`;

/** The question a GET answers: its button POSTs back with `from=page`, so the answer is a page, not a mail client's 204. */
const confirmPage = (token: string) =>
  page(
    'Stop reminder mails?',
    'Press the button to get no more reminder mails. Nothing changes until you do.',
    `<form method="post" action="/api/reminders/unsubscribe?token=${encodeURIComponent(token)}&amp;from=page"><button type="submit">Stop reminder mails</button></form>` +
      '<p><a href="/prof">Keep them, or change their days and hour on your profile</a></p>',
  );

/** Reminders the person chooses (PUT /reminders), the devices that take push, and a mail's one-click unsubscribe. */
export function reminderRoutes(deps: CommandDeps): Router {
  const router = Router();
  const { tokens } = deps;

  router.put('/reminders', requireUser(tokens), async (req, res) => {
    const settings = parse(reminderSettingsInput, req.body);
    const userId = currentUser(res).id;
    const { position } = await execute(commandContext(deps, req, res), userStream(userId), reminderAccount, (state) => chooseReminders(state, { userId, settings, via: 'settings' }));
    res.json({ message: 'Reminders saved.', position });
  });

  // The mail's link and its List-Unsubscribe-Post (RFC 8058): the signed token is the only credential. A GET only
  // asks, because link scanners follow every GET in a mail; a POST (the mail client's one click, or the page's
  // button) turns reminders off at once.
  const signedUser = async (req: Request, res: Response): Promise<{ userId: string; token: string } | undefined> => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const userId = token ? await tokens.verifyPurpose(UNSUBSCRIBE_PURPOSE, token) : undefined;
    if (!userId) res.status(400).type('html').send(page('This link does not work', 'It is not a link we sent, or it has expired. You can turn reminders off on your profile.'));
    return userId ? { userId, token } : undefined;
  };
  router.get('/reminders/unsubscribe', async (req, res) => {
    const signed = await signedUser(req, res);
    if (signed) res.type('html').send(confirmPage(signed.token));
  });
  router.post('/reminders/unsubscribe', async (req, res) => {
    const signed = await signedUser(req, res);
    if (!signed) return;
    const { userId } = signed;
    const at = deps.now().toISOString();
    await execute({ store: deps.store, metadata: { userId, at } }, userStream(userId), reminderAccount, (state) => turnRemindersOff(state, { userId }));
    if (req.query.from !== 'page') res.status(204).end();
    else res.type('html').send(page('Done: you will get no more reminder mails', 'Changed your mind? Turn them on again in the app.', '<p><a href="/prof">Turn reminders on again on your profile</a></p>'));
  });

  router.post('/push-subscriptions', requireUser(tokens), async (req, res) => {
    const { endpoint, keys } = parse(pushSubscriptionInput, req.body);
    const { id: userId, sid } = currentUser(res);
    const now = deps.now().toISOString();
    const { position } = await execute(commandContext(deps, req, res), pushStream(userId), pushDevices, (devices) =>
      subscribePush(devices, { userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, signInId: sid, now }),
    );
    res.status(201).json({ deviceId: deviceIdOf(endpoint), position });
  });

  router.delete('/push-subscriptions', requireUser(tokens), async (req, res) => {
    const { endpoint } = parse(pushEndpointInput, req.body);
    const userId = currentUser(res).id;
    const now = deps.now().toISOString();
    const { position } = await execute(commandContext(deps, req, res), pushStream(userId), pushDevices, (devices) =>
      unsubscribePush(devices, { userId, deviceId: deviceIdOf(endpoint), reason: 'device', now }),
    );
    res.json({ position });
  });

  return router;
}
