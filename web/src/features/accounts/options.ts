/** Option lists shared by sign-up and the profile form (docs/product.md#what-input-is-accepted); the server checks the same lists. */
export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const ACTIVITY_LEVELS = ['Not very active', 'Moderately exercise', 'Already working out a few days a week', 'Very active'] as const;
export const HELP_PREFERENCES = ['Daily workout plans', 'Meal suggestions', 'Motivation check-ins', 'Progress tracking', 'Gentle reminders'] as const;
/** Where the person trains: what a plan may use (the server's profile field `equipment` takes these values). */
export const EQUIPMENT_OPTIONS = [
  { value: 'gym', label: 'A gym' },
  { value: 'dumbbells', label: 'Home, with dumbbells' },
  { value: 'bodyweight', label: 'Body weight only (no equipment)' },
] as const;
/** How weights are shown (the profile field `units`). */
export const UNIT_OPTIONS = [
  { value: 'lb', label: 'Imperial (inches, lb)' },
  { value: 'kg', label: 'Metric (cm, kg)' },
] as const;
/** The fitness goals offered on sign-up and the profile (free text on the server; a list keeps them comparable). */
export const FITNESS_GOALS = ['Lose weight', 'Build muscle', 'Get stronger', 'Improve endurance', 'Get more active', 'Stay healthy'] as const;
