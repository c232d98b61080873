/** An AI workout plan as POST /api/savePlan takes it (docs/product.md#what-the-app-keeps-and-answers "AI plan data"). */
export const samplePlan = (overrides: Record<string, unknown> = {}) => ({
  planType: 'workout',
  name: 'Strength Starter',
  description: 'Three full-body days a week.',
  goal: 'Build strength',
  level: 'Beginner',
  duration_weeks: 6,
  workouts: [
    {
      day: 1,
      summary: 'Lower body',
      exercises: [
        { name: 'Squat', sets: 3, reps: 8, duration: 90 },
        { name: 'Lunge', sets: 3, reps: 10, duration: 60 },
      ],
    },
    { day: 2, summary: 'Upper body', exercises: [{ name: 'Push-up', sets: 4, reps: 12, duration: 45 }] },
    { day: 3, summary: 'Core', exercises: [{ name: 'Plank', sets: 3, reps: 1, duration: 60 }] },
  ],
  ...overrides,
});
