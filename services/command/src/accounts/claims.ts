import type { AppEvent } from '../../../../events/catalog.js';
import { newEvent } from '../../../../events/catalog.js';
import { emailClaimStream, legacyUsernameClaimStream, normalizeEmail, usernameClaimStream } from '../../../../events/streams.js';
import type { EventStore } from '../../../../events/store/port.js';
import { Rejected } from '../../../../events/rejected.js';
import { appendIn, execute, load, type CommandContext } from '../execute.js';

/** Who holds an e-mail address or a username right now, and since when (the claim's time). */
export type Claim = { owner: string | null; since: string | null };

const claim = {
  initialState: { owner: null, since: null } as Claim,
  evolve(state: Claim, event: AppEvent): Claim {
    switch (event.type) {
      case 'EmailClaimed':
      case 'UsernameClaimed':
        return { owner: event.data.userId, since: event.metadata.at };
      case 'ClaimReleased':
        return { owner: null, since: null };
      default:
        return state;
    }
  },
};

export const emailOwner = async (store: EventStore, email: string) =>
  (await load(store, emailClaimStream(email), claim)).state.owner;
export const usernameOwner = async (store: EventStore, username: string) => (await usernameClaim(store, username)).owner;

/** The claim of a username, wherever it was made. */
export async function usernameClaim(store: EventStore, username: string): Promise<Claim> {
  const current = (await load(store, usernameClaimStream(username), claim)).state;
  return current.owner ? current : (await load(store, legacyUsernameClaimStream(username), claim)).state;
}

/**
 * Claims the value for the user; a value someone else holds (or wins in a race) is a 409 with `message`. A value the
 * user holds already is this request retried.
 */
async function take(ctx: CommandContext, stream: string, event: ReturnType<typeof newEvent>, message: string) {
  const { state, expected } = await load(ctx.store, stream, claim);
  if (state.owner === (event.data as { userId: string }).userId) return;
  if (state.owner) throw new Rejected('conflict', message);
  try {
    await appendIn(ctx, stream, [event as never], expected);
  } catch (error) {
    if ((error as Error).name === 'ConcurrencyError') throw new Rejected('conflict', message);
    throw error;
  }
}

export const EMAIL_TAKEN = 'An account with this e-mail already exists';
export const USERNAME_TAKEN = 'That username is taken';

export const claimEmail = (ctx: CommandContext, email: string, userId: string) =>
  take(ctx, emailClaimStream(email), newEvent('EmailClaimed', { email: normalizeEmail(email), userId }), EMAIL_TAKEN);

export async function claimUsername(ctx: CommandContext, username: string, userId: string) {
  const legacy = (await load(ctx.store, legacyUsernameClaimStream(username), claim)).state.owner;
  if (legacy && legacy !== userId) throw new Rejected('conflict', USERNAME_TAKEN);
  await take(ctx, usernameClaimStream(username), newEvent('UsernameClaimed', { username, userId }), USERNAME_TAKEN);
}

/**
 * Gives a value back, decided on the claim as it stands: only while `userId` holds it, so a release run again (a
 * deletion resumed after a crash) never takes the value from whoever claimed it since.
 */
const release = (ctx: CommandContext, stream: string, userId: string) =>
  execute(ctx, stream, claim, (state) => (state.owner === userId ? [newEvent('ClaimReleased', { userId })] : []));

export async function releaseEmail(ctx: CommandContext, email: string, userId: string) {
  await release(ctx, emailClaimStream(email), userId);
}

/** Gives the username back (the account is deleted), wherever the user's claim of it was made. */
export async function releaseUsername(ctx: CommandContext, username: string, userId: string) {
  for (const stream of [usernameClaimStream(username), legacyUsernameClaimStream(username)]) await release(ctx, stream, userId);
}
