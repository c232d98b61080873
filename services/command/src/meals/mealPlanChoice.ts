import type { AppEvent } from '../../../../events/catalog.js';
import { user, type User } from '../accounts/user.js';

/**
 * What the owner's user stream says about their meal plans: which one is primary and which are deleted (decided
 * there so that one primary and an undeletable primary hold across plans), plus the account itself, whose time
 * zone says what "today" is.
 */
export interface MealPlanChoice {
  account: User;
  primaryMealPlanId: string | null;
  deletedMealPlanIds: string[];
}

export const initialState: MealPlanChoice = { account: user.initialState, primaryMealPlanId: null, deletedMealPlanIds: [] };

export function evolve(state: MealPlanChoice, event: AppEvent): MealPlanChoice {
  switch (event.type) {
    case 'PrimaryMealPlanSelected':
      return { ...state, primaryMealPlanId: event.data.mealPlanId };
    case 'MealPlanDeleted':
      return { ...state, deletedMealPlanIds: [...state.deletedMealPlanIds, event.data.mealPlanId] };
    default:
      return { ...state, account: user.evolve(state.account, event) };
  }
}

export const mealPlanChoice = { initialState, evolve };

/** The zone "today" is counted in; UTC only for an account the log does not know (its token outlived it). */
export const timeZoneOf = (choice: MealPlanChoice) => (choice.account.status === 'none' ? 'UTC' : choice.account.profile.timeZone);
