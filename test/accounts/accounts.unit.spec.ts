import { expect } from 'chai';
import { addressIsFree, changePassword, claimIsVoid, UNFINISHED_SIGNUP_MS, endDeletion, grantRole, logIn, requestPasswordReset, requestVerificationMail, resetPassword, RESET_LINK_INVALID, signUp, signUpAgain, startDeletion, verifyEmail } from '../../services/command/src/accounts/decide.js';
import { deletionProgress } from '../../services/command/src/accounts/deletionProgress.js';
import { newAccountOf, signupInput } from '../../services/command/src/accounts/signupInput.js';
import { user, type User } from '../../services/command/src/accounts/user.js';
import { updateProfile } from '../../services/command/src/accounts/profile/decide.js';
import { profileChangesOf, profileInput } from '../../services/command/src/accounts/profile/profileInput.js';
import { given, project } from '../support/decider.js';
import { validateForAppend } from '../../events/catalog.js';
import { profilesProjection } from '../../services/query/src/accounts/profile/profiles.projection.js';

const NOW = '2026-11-18T12:00:00.000Z';
const input = signupInput.parse({
  email: 'Ann@Example.com',
  username: 'ann_1',
  password: 'secret123',
  age: 30,
  height: 66,
  weight: 160,
  primaryGoal: 'Lose weight',
  activityLevel: 'Very active',
  timeZone: 'Europe/Berlin',
});
const newAccount = newAccountOf(input);
const signedUp = signUp(user.initialState, { userId: 'u1', ...newAccount, passwordHash: 'hash', now: NOW });
const verified = [...signedUp, { type: 'EmailVerified' as const, data: { userId: 'u1' } }];

describe('accounts deciders', () => {
  it('sign-up records the account, the first measurement and asks for a verification mail', () => {
    given(user, []).when((s) => signUp(s, { userId: 'u1', ...newAccount, passwordHash: 'hash', now: NOW })).then(signedUp);
    const [account, measurement, mail] = signedUp;
    expect(account!.data).to.include({ userId: 'u1', email: 'ann@example.com', username: 'ann_1', name: 'ann_1', gender: 'Other', gymExperience: 0, timeZone: 'Europe/Berlin' });
    expect(measurement!.data).to.deep.equal({ userId: 'u1', measuredAt: NOW, weightLb: 160, bodyFatPercentage: null, musclePercentage: null });
    expect(mail).to.deep.equal({ type: 'VerificationMailRequested', data: { userId: 'u1', email: 'ann@example.com' } });
  });

  it('names the user after the part of the e-mail before the @ when no username is given', () => {
    const events = signUp(user.initialState, { userId: 'u2', ...newAccount, username: null, passwordHash: 'h', now: NOW });
    expect((events[0]!.data as { name: string }).name).to.equal('ann');
  });

  it('records nothing for a second sign-up into the same account (the same request, retried)', () => {
    given(user, signedUp).when((s) => signUp(s, { userId: 'u1', ...newAccount, passwordHash: 'h', now: NOW })).then([]);
  });

  it('mails the owner instead when a sign-up names the address of an existing account', () => {
    given(user, signedUp).when(signUpAgain).then([{ type: 'VerificationMailRequested', data: { userId: 'u1', email: 'ann@example.com' } }]);
    given(user, verified).when(signUpAgain).then([{ type: 'ExistingAccountMailRequested', data: { userId: 'u1', email: 'ann@example.com' } }]);
  });

  it('frees the address of an account left unverified for 7 days, and only then', () => {
    // stateAfter stamps every event at 2026-11-01T00:00:00Z.
    expect(addressIsFree(stateAfter(signedUp), '2026-11-07T23:59:59.000Z')).to.equal(false);
    expect(addressIsFree(stateAfter(signedUp), '2026-11-08T00:00:00.000Z')).to.equal(true);
    expect(addressIsFree(stateAfter(verified), '2026-12-31T00:00:00.000Z')).to.equal(false);
    expect(addressIsFree(user.initialState, NOW)).to.equal(true);
  });

  it('verifies once; verifying again records nothing', () => {
    given(user, signedUp).when(verifyEmail).then([{ type: 'EmailVerified', data: { userId: 'u1' } }]);
    given(user, verified).when(verifyEmail).then([]);
    given(user, []).when(verifyEmail).thenThrows('not_found');
  });

  it('sends a new verification mail only while unverified', () => {
    given(user, signedUp).when(requestVerificationMail).then([{ type: 'VerificationMailRequested', data: { userId: 'u1', email: 'ann@example.com' } }]);
    given(user, verified).when(requestVerificationMail).then([]);
  });

  it('logs in a verified user with the right password, and records it', () => {
    given(user, verified).when((s) => logIn(s, { passwordMatches: true, now: NOW })).then([{ type: 'UserLoggedIn', data: { userId: 'u1', loggedInAt: NOW } }]);
  });

  it('refuses a wrong password, an unknown user and an unverified one', () => {
    given(user, verified).when((s) => logIn(s, { passwordMatches: false, now: NOW })).thenThrows('unauthenticated', /Invalid/);
    given(user, []).when((s) => logIn(s, { passwordMatches: true, now: NOW })).thenThrows('unauthenticated');
    given(user, signedUp).when((s) => logIn(s, { passwordMatches: true, now: NOW })).thenThrows('unverified', /verify your e-mail/);
  });

  it('grants a role once', () => {
    given(user, verified).when((s) => grantRole(s, { role: 2, grantedBy: 'cli' })).then([{ type: 'RoleGranted', data: { userId: 'u1', role: 2, grantedBy: 'cli' } }]);
    given(user, [...verified, { type: 'RoleGranted', data: { userId: 'u1', role: 2, grantedBy: 'cli' } }])
      .when((s) => grantRole(s, { role: 2, grantedBy: 'cli' }))
      .then([]);
  });
});

describe('profile decider', () => {
  const save = (fields: Record<string, unknown>) =>
    profileChangesOf(profileInput.parse({ name: 'Ann', age: 30, gender: 'Female', height: 66, weight: 160, targetWeight: 150, ...fields }));
  const profileOf = (events: Array<{ type: string; data: unknown }>) =>
    events.find((e) => e.type === 'ProfileUpdated')?.data as Record<string, unknown> | undefined;

  it('records the whole profile after the save, without a measurement when no body number changed', () => {
    const { userId: _u, email: _e, username: _n, passwordHash: _p, ...before } = signedUp[0]!.data as Record<string, unknown>;
    given(user, verified)
      .when((s) => updateProfile(s, { changes: save({}), now: NOW }))
      .then([{ type: 'ProfileUpdated', data: { userId: 'u1', ...before, name: 'Ann', gender: 'Female', targetWeightLb: 150 } as never }]);
  });

  it('records a dated measurement when weight or body fat changes', () => {
    given(user, verified)
      .when((s) => updateProfile(s, { changes: save({ weight: 158, bodyFatPercentage: 28 }), now: NOW }).filter((e) => e.type === 'MeasurementRecorded'))
      .then([{ type: 'MeasurementRecorded', data: { userId: 'u1', measuredAt: NOW, weightLb: 158, bodyFatPercentage: 28, musclePercentage: null } }]);
  });

  it('records nothing when the save changes nothing', () => {
    const events = updateProfile(stateAfter(verified), { changes: save({ weight: 158 }), now: NOW });
    expect(events).to.have.length(2);
    given(user, [...verified, ...events]).when((s) => updateProfile(s, { changes: save({ weight: 158 }), now: NOW })).then([]);
  });

  it('keeps a left-out optional field and clears one sent empty', () => {
    const history = [...verified, ...updateProfile(stateAfter(verified), { changes: save({ dietType: 'Vegan', secondaryGoal: 'Run 5k' }), now: NOW })];
    const events = updateProfile(stateAfter(history), { changes: save({ secondaryGoal: '' }), now: NOW });
    expect(profileOf(events)).to.include({ dietType: 'Vegan', secondaryGoal: null });
  });

  it('never changes the role, whatever the body says', () => {
    const events = updateProfile(stateAfter(verified), { changes: save({ role: 2 }), now: NOW });
    expect(events.map((e) => e.type)).to.not.include('RoleGranted');
  });

  it('refuses a user that does not exist', () => {
    given(user, []).when((s) => updateProfile(s, { changes: save({}), now: NOW })).thenThrows('not_found');
  });
});

function stateAfter(events: Array<{ type: string; data: unknown }>): User {
  return events.reduce<User>(
    (state, event, index) => user.evolve(state, { ...event, position: index + 1, metadata: { at: '2026-11-01T00:00:00.000Z' } } as never),
    user.initialState,
  );
}

describe('what plans need: diet, allergies, equipment and units at sign-up and on the profile', () => {
  it('sign-up records them when given, and null when left out (the spec\'s payload alone works as before)', () => {
    const withThem = signupInput.parse({ ...input, dietType: 'Vegetarian', allergies: ['peanuts', 'sesame'], equipment: 'bodyweight', units: 'kg' });
    const [account] = given(user, [])
      .when((s) => signUp(s, { userId: 'u9', ...newAccountOf(withThem), passwordHash: 'h', now: NOW }))
      .then(signUp(user.initialState, { userId: 'u9', ...newAccountOf(withThem), passwordHash: 'h', now: NOW }));
    expect(account!.data).to.include({ dietType: 'Vegetarian', dietRestrictions: 'peanuts, sesame', equipment: 'bodyweight', units: 'kg' });
    expect(signedUp[0]!.data).to.include({ dietType: null, dietRestrictions: null, equipment: null, units: null });
  });

  it('sign-up refuses an equipment or units outside the lists', () => {
    const bad = (fields: Record<string, unknown>) => signupInput.safeParse({ ...input, ...fields }).error?.issues.map((i) => i.message).join('; ');
    expect(bad({ equipment: 'kettlebells' })).to.match(/equipment must be one of: gym, dumbbells, bodyweight/);
    expect(bad({ units: 'stone' })).to.match(/units must be one of: lb, kg/);
    expect(bad({ equipment: '', units: '' })).to.equal(undefined);
  });

  // An account made before sign-up asked these: its events carry neither field.
  const old = signedUp.map((e) => {
    if (e.type !== 'UserSignedUp') return e;
    const { equipment: _e, units: _u, ...data } = e.data;
    return { ...e, data };
  });
  const oldVerified = [...old, { type: 'EmailVerified' as const, data: { userId: 'u1' } }];

  it('old events without them still pass the catalog and replay: read as not given', () => {
    expect(() => validateForAppend(old)).to.not.throw();
    const state = stateAfter(oldVerified);
    expect(state.status === 'verified' && state.profile).to.include({ equipment: null, units: null });
    const doc = project(profilesProjection, oldVerified).get('u1') as unknown as Record<string, unknown>;
    expect(doc).to.include({ equipment: null, units: null });
  });

  it('a profile save sets them, keeps them when left out, clears them sent empty; an old account\'s unchanged save records nothing', () => {
    const save = (fields: Record<string, unknown>) =>
      profileChangesOf(profileInput.parse({ name: 'ann_1', age: 30, gender: 'Other', height: 66, weight: 160, targetWeight: 160, ...fields }));
    // An old-style save (no equipment, no units in the event), then the same save again: nothing changed.
    const { equipment: _e, units: _u, ...oldSave } = updateProfile(stateAfter(oldVerified), { changes: save({}), now: NOW })[0]!.data as Record<string, unknown>;
    given(user, [...oldVerified, { type: 'ProfileUpdated', data: oldSave as never }]).when((s) => updateProfile(s, { changes: save({}), now: NOW })).then([]);
    const set = updateProfile(stateAfter(oldVerified), { changes: save({ equipment: 'dumbbells', units: 'kg' }), now: NOW });
    expect(set.find((e) => e.type === 'ProfileUpdated')!.data).to.include({ equipment: 'dumbbells', units: 'kg' });
    const kept = updateProfile(stateAfter([...oldVerified, ...set]), { changes: save({ name: 'Ann' }), now: NOW });
    expect(kept.find((e) => e.type === 'ProfileUpdated')!.data).to.include({ equipment: 'dumbbells', units: 'kg' });
    const cleared = updateProfile(stateAfter([...oldVerified, ...set]), { changes: save({ equipment: '', units: '' }), now: NOW });
    expect(cleared.find((e) => e.type === 'ProfileUpdated')!.data).to.include({ equipment: null, units: null });
    expect(profileInput.safeParse({ name: 'A', age: 30, gender: 'Other', height: 66, weight: 160, targetWeight: 160, units: 'st' }).success).to.equal(false);
  });
});

describe('password deciders', () => {
  const changed = { type: 'PasswordChanged' as const, data: { userId: 'u1', email: 'ann@example.com', passwordHash: 'new', via: 'change' as const } };

  it('a change records the new hash and the address to tell', () => {
    given(user, verified).when((s) => changePassword(s, { passwordHash: 'new', via: 'change' })).then([changed]);
    given(user, []).when((s) => changePassword(s, { passwordHash: 'new', via: 'change' })).thenThrows('not_found');
  });

  it('a reset request carries the password version; nothing for an unknown account', () => {
    given(user, verified).when(requestPasswordReset).then([{ type: 'PasswordResetRequested', data: { userId: 'u1', email: 'ann@example.com', passwordVersion: 0 } }]);
    given(user, [...verified, changed]).when(requestPasswordReset).then([{ type: 'PasswordResetRequested', data: { userId: 'u1', email: 'ann@example.com', passwordVersion: 1 } }]);
    given(user, []).when(requestPasswordReset).then([]);
  });

  it('a reset works for the version it was sent for only, and verifies an unverified address', () => {
    const reset = { ...changed, data: { ...changed.data, passwordHash: 'reset', via: 'reset' as const } };
    given(user, verified).when((s) => resetPassword(s, { passwordHash: 'reset', passwordVersion: 0 })).then([reset]);
    given(user, [...verified, changed]).when((s) => resetPassword(s, { passwordHash: 'reset', passwordVersion: 0 })).thenThrows('invalid', RESET_LINK_INVALID);
    given(user, signedUp).when((s) => resetPassword(s, { passwordHash: 'reset', passwordVersion: 0 })).then([reset, { type: 'EmailVerified', data: { userId: 'u1' } }]);
    given(user, []).when((s) => resetPassword(s, { passwordHash: 'reset', passwordVersion: 0 })).thenThrows('invalid');
  });
});

describe('claims of a sign-up that never made its account', () => {
  const later = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();
  it('are void once a sign-up cannot still be under way, and only then; a claim of an account that exists never is', () => {
    expect(claimIsVoid(user.initialState, NOW, later(UNFINISHED_SIGNUP_MS - 1))).to.equal(false);
    expect(claimIsVoid(user.initialState, NOW, later(UNFINISHED_SIGNUP_MS))).to.equal(true);
    expect(claimIsVoid(stateAfter(verified), NOW, later(365 * 24 * 3600 * 1000))).to.equal(false);
    expect(claimIsVoid(user.initialState, null, later(UNFINISHED_SIGNUP_MS))).to.equal(false);
  });
});

describe('account deletion', () => {
  const started = { type: 'AccountDeletionStarted' as const, data: { userId: 'u1', startedAt: NOW } };
  const deleted = { type: 'AccountDeleted' as const, data: { userId: 'u1', deletedAt: NOW } };

  it('starts with AccountDeletionStarted, from which the account takes no command; an unknown account is a 404', () => {
    given(deletionProgress, verified).when((s) => startDeletion(s, { now: NOW })).then([started]);
    given(deletionProgress, []).when((s) => startDeletion(s, { now: NOW })).thenThrows('not_found');
    expect(stateAfter([...verified, started])).to.deep.equal({ status: 'none' });
    given(user, [...verified, started]).when((s) => logIn(s, { passwordMatches: true, now: NOW })).thenThrows('unauthenticated');
  });

  it('started again, or after its end, changes nothing; it ends once, with AccountDeleted', () => {
    given(deletionProgress, [...verified, started]).when((s) => startDeletion(s, { now: NOW })).then([]);
    given(deletionProgress, [...verified, started, deleted]).when((s) => startDeletion(s, { now: NOW })).then([]);
    given(deletionProgress, [...verified, started]).when((s) => endDeletion(s, { now: NOW })).then([deleted]);
    given(deletionProgress, [...verified, started, deleted]).when((s) => endDeletion(s, { now: NOW })).then([]);
    given(deletionProgress, verified).when((s) => endDeletion(s, { now: NOW })).then([]);
    expect(stateAfter([...verified, started, deleted])).to.deep.equal({ status: 'none' });
  });

  it('drops the profile doc, live and in every replay', () => {
    const docs = project(profilesProjection, [...verified, { type: 'AccountDeleted', data: { userId: 'u1', deletedAt: NOW } }]);
    expect([...docs.keys()]).to.deep.equal([]);
  });
});
