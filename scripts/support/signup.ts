/** A complete sign-up body (POST /api/signup-email), a fresh address each time; `overrides` change any field. */
export const signupPayload = (overrides: Record<string, unknown> = {}) => ({
  email: `user${Math.random().toString(36).slice(2, 10)}@example.com`,
  password: 'secret123',
  age: 30,
  gender: 'Female',
  height: 66,
  weight: 160,
  targetWeight: 145,
  primaryGoal: 'Lose weight',
  weeklyWorkoutFrequency: 3,
  activityLevel: 'Moderately exercise',
  gymExperience: 0.25,
  helpPreferences: ['Daily workout plans', 'Gentle reminders'],
  accessibilityNeeds: '',
  timeZone: 'America/New_York',
  ...overrides,
});

/** The claims of a session token (not verified: for callers that already hold it from the server). */
export const decodeToken = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
