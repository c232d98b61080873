import { expect } from 'chai';
import { builtInCoach } from '../../services/domain/coach/index.js';
import type { CoachRequest } from '../../services/domain/coach/types.js';
import { setFact, type SessionSets } from '../../services/domain/training/strength.js';
import type { WeightUnit } from '../../contract/weightUnits.js';
import { mealPlan, profile, regimen } from './fixtures.js';

/** Two sessions of goblet squats and rows, logged in `unit`: every set at the top of the range, so the load goes up. */
function lifting(unit: WeightUnit): NonNullable<CoachRequest['lifting']> {
  const weight = unit === 'kg' ? 10 : 22.5;
  const session = (id: string, date: string): SessionSets => ({
    session_id: id,
    date,
    sets: [1, 2, 3].map((n) => setFact({ set_id: `${id}-s${n}`, session_id: id, at: date, weight, unit, reps: 12, rpe: null, warmup: false })),
  });
  return [
    { exercise: 'goblet-squat', name: 'Goblet Squat', recent: [session('a', '2026-11-16T15:00:00.000Z'), session('b', '2026-11-18T15:00:00.000Z')] },
    { exercise: 'dumbbell-row', name: 'Dumbbell Row', recent: [session('c', '2026-11-16T15:10:00.000Z')] },
  ];
}

/** What a beginner asks the built-in coach in her first week: plans, calories, targets, loads, the rule, results. */
const MESSAGES = [
  'make me a workout plan for home with my dumbbells',
  'make me a vegetarian meal plan',
  'how many calories should I eat?',
  'how much should I lift?',
  'why this weight?',
  'what should I lift next on goblet squat?',
  'how does progression work?',
  'when will I reach my goal weight?',
  'swap the lunges for something easier on my knees',
];

function replies(units: WeightUnit, logged: WeightUnit) {
  const plan = regimen({ days: [{ dayNumber: 1, summary: 'Full body A', exercises: [{ workoutId: 'd1-e1', name: 'Goblet Squat', sets: 2, reps: '8-12', targetReps: 8, durationSeconds: 60 }, { workoutId: 'd1-e2', name: 'Dumbbell Row', sets: 2, reps: '12', targetReps: 12, durationSeconds: 60 }, { workoutId: 'd1-e3', name: 'Walking Lunge', sets: 2, reps: '10', targetReps: 10, durationSeconds: 60 }] }], currentDay: 1 });
  return MESSAGES.map((message) => ({
    message,
    reply: builtInCoach({ message, history: [], profile: profile({ units, dietType: 'Vegetarian' }), primary: { workoutPlan: plan, mealPlan: mealPlan() }, workoutPlan: plan, lifting: lifting(logged) }).message,
  }));
}

describe("the coach writes every load and body weight in the person's unit", () => {
  for (const logged of ['kg', 'lb'] as const) {
    it(`a metric person (her sets logged in ${logged}): no "lb" in any reply, and her targets in kg`, () => {
      for (const { message, reply } of replies('kg', logged)) expect(reply, `"${message}" → ${reply}`).not.to.match(/\blbs?\b|\bpounds?\b/i);
      const load = replies('kg', logged).find((r) => r.message === 'how much should I lift?')!.reply;
      expect(load).to.match(/\*\*Goblet Squat\*\*: \d+(\.\d+)? kg × 8/);
    });
  }

  it('an imperial person: loads and body weights still in lb', () => {
    const all = replies('lb', 'lb');
    expect(all.find((r) => r.message === 'how much should I lift?')!.reply).to.match(/\*\*Goblet Squat\*\*: \d+(\.\d+)? lb × 8/);
    expect(all.find((r) => r.message === 'how does progression work?')!.reply).to.include('5 lb plates');
    expect(all.find((r) => r.message === 'how many calories should I eat?')!.reply).to.include('from 170 lb (77 kg)');
  });
});
