import type { AppEvent } from '../../../../events/catalog.js';
import { ROLES } from '../../../../contract/accounts/roles.js';
import { completeProfile, type ProfileFields } from '../../../../events/user.js';

/** What the write side needs to know of one account. */
export type User =
  | { status: 'none' }
  | {
      status: 'unverified' | 'verified';
      userId: string;
      email: string;
      username: string | null;
      passwordHash: string;
      /** How many times the password was changed: a reset link is good for one version only. */
      passwordVersion: number;
      /** When the account was created: an unverified account's hold on its address ends after CLAIM_HOLD_MS. */
      signedUpAt: string;
      role: number;
      profile: ProfileFields;
      /** The last measurement recorded, to tell whether a profile save measured anything new. */
      measured: { weightLb: number | null; bodyFatPercentage: number | null; musclePercentage: number | null };
    };

export const initialState: User = { status: 'none' };


export function evolve(state: User, event: AppEvent): User {
  switch (event.type) {
    case 'UserSignedUp': {
      const { userId, email, username, passwordHash, ...profile } = event.data;
      return {
        status: 'unverified',
        userId,
        email,
        username,
        passwordHash,
        passwordVersion: 0,
        signedUpAt: event.metadata.at,
        role: ROLES.user,
        profile: completeProfile(profile),
        measured: { weightLb: null, bodyFatPercentage: null, musclePercentage: null },
      };
    }
    case 'EmailVerified':
      return state.status === 'none' ? state : { ...state, status: 'verified' };
    case 'ProfileUpdated': {
      if (state.status === 'none') return state;
      const { userId: _userId, ...profile } = event.data;
      return { ...state, profile: completeProfile(profile) };
    }
    case 'MeasurementRecorded': {
      if (state.status === 'none') return state;
      const { weightLb, bodyFatPercentage, musclePercentage } = event.data;
      return { ...state, measured: { weightLb, bodyFatPercentage, musclePercentage } };
    }
    case 'PasswordChanged':
      return state.status === 'none' ? state : { ...state, passwordHash: event.data.passwordHash, passwordVersion: state.passwordVersion + 1 };
    // An account being deleted takes no command and no login: to every decider it is gone already.
    case 'AccountDeletionStarted':
    case 'AccountDeleted':
      return initialState;
    case 'RoleGranted':
      return state.status === 'none' ? state : { ...state, role: event.data.role };
    default:
      return state;
  }
}

export const user = { initialState, evolve };
