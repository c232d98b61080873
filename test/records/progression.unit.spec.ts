import { expect } from 'chai';
import type { WeightUnit } from '../../contract/weightUnits.js';
import { nextTarget, repRange } from '../../services/domain/training/progression.js';
import { setFact, type SessionSets } from '../../services/domain/training/strength.js';

/** A session on Nov `day`: working sets of `reps` at `weight`. */
const s = (day: number, weight: number, reps: number[], unit: WeightUnit = 'lb', warmups = 0): SessionSets => {
  const date = `2026-11-${day}T15:00:00.000Z`;
  const warm = Array.from({ length: warmups }, (_, i) => setFact({ set_id: `w${i}`, session_id: `n${day}`, at: date, weight: weight / 2, unit, reps: 5, rpe: null, warmup: true }));
  return { session_id: `n${day}`, date, sets: [...warm, ...reps.map((r, i) => setFact({ set_id: `n${day}-${i}`, session_id: `n${day}`, at: date, weight, unit, reps: r, rpe: null, warmup: false }))] };
};

describe('records: double progression', () => {
  it('reads a plan rep range', () => {
    expect(repRange('8-12', 8)).to.deep.equal({ bottom: 8, top: 12 });
    expect(repRange(10, 10)).to.deep.equal({ bottom: 10, top: 10 });
    expect(repRange('10 per leg', 10)).to.deep.equal({ bottom: 10, top: 10 });
  });

  const table: { what: string; exercise: string; name: string; reps: string; recent: SessionSets[]; weight: number | null; unit?: WeightUnit; targetReps: number; reason: string }[] = [
    { what: 'no history', exercise: 'barbell-bench-press', name: 'Barbell Bench Press', reps: '8-12', recent: [], weight: null, targetReps: 8, reason: 'No working sets of Barbell Bench Press logged yet: pick a weight you can lift 8–12 times with good form.' },
    { what: 'top of the range twice, upper-body press: +5 %, at least one plate step', exercise: 'dumbbell-bench-press', name: 'Dumbbell Bench Press', reps: '8-12', recent: [s(18, 50, [12, 12, 12]), s(21, 50, [12, 12, 12])], weight: 55, targetReps: 8, reason: '3×12 at 50 lb on Nov 18 and Nov 21: every set reached 12 reps twice → try 55 lb for 8–12 reps.' },
    { what: 'top twice, a leg lift: +10 %, rounded to 5 lb', exercise: 'barbell-back-squat', name: 'Barbell Back Squat', reps: '5-8', recent: [s(18, 225, [8, 8, 8]), s(21, 225, [8, 9, 8])], weight: 250, targetReps: 5, reason: '3×8 at 225 lb on Nov 18 and 8, 9, 8 at 225 lb on Nov 21: every set reached 8 reps twice → try 250 lb for 5–8 reps.' },
    { what: 'top twice in kg: 2.5 kg plates', exercise: 'barbell-bench-press', name: 'Barbell Bench Press', reps: '6-10', recent: [s(18, 100, [10, 10], 'kg'), s(21, 100, [10, 10], 'kg')], weight: 105, unit: 'kg', targetReps: 6, reason: '2×10 at 100 kg on Nov 18 and Nov 21: every set reached 10 reps twice → try 105 kg for 6–10 reps.' },
    { what: 'warm-ups do not hold progression back', exercise: 'dumbbell-bench-press', name: 'Dumbbell Bench Press', reps: '8-12', recent: [s(18, 50, [12, 12], 'lb', 2), s(21, 50, [12, 12], 'lb', 2)], weight: 55, targetReps: 8, reason: '2×12 at 50 lb on Nov 18 and Nov 21: every set reached 12 reps twice → try 55 lb for 8–12 reps.' },
    { what: 'top only once: stay, one more rep (capped at the top)', exercise: 'dumbbell-bench-press', name: 'Dumbbell Bench Press', reps: '8-12', recent: [s(18, 50, [10, 10, 9]), s(21, 50, [12, 12, 12])], weight: 50, targetReps: 12, reason: '3×12 at 50 lb on Nov 21 → stay at 50 lb and aim for 12 reps a set.' },
    { what: 'in the range: stay, one more rep than the weakest set', exercise: 'dumbbell-bench-press', name: 'Dumbbell Bench Press', reps: '8-12', recent: [s(18, 50, [9, 9, 8]), s(21, 50, [10, 9, 9])], weight: 50, targetReps: 10, reason: '10, 9, 9 at 50 lb on Nov 21 → stay at 50 lb and aim for 10 reps a set.' },
    { what: 'short of the bottom twice: 10 % off, down to a plate step', exercise: 'barbell-back-squat', name: 'Barbell Back Squat', reps: '8-12', recent: [s(18, 200, [7, 6, 6]), s(21, 200, [8, 6, 5])], weight: 180, targetReps: 8, reason: '7, 6, 6 at 200 lb on Nov 18 and 8, 6, 5 at 200 lb on Nov 21: short of 8 reps twice → take 10 % off: 180 lb for 8–12 reps.' },
    { what: 'short once only: stay', exercise: 'barbell-back-squat', name: 'Barbell Back Squat', reps: '8-12', recent: [s(18, 200, [9, 9, 8]), s(21, 200, [7, 6, 6])], weight: 200, targetReps: 8, reason: '7, 6, 6 at 200 lb on Nov 21 → stay at 200 lb and aim for 8 reps a set.' },
    { what: 'one session only, at the top: stay (two in a row are needed)', exercise: 'dumbbell-bench-press', name: 'Dumbbell Bench Press', reps: '8-12', recent: [s(21, 50, [12, 12, 12])], weight: 50, targetReps: 12, reason: '3×12 at 50 lb on Nov 21 → stay at 50 lb and aim for 12 reps a set.' },
    { what: "a custom exercise: 2.5 %, so one plate step", exercise: 'custom-sled-push', name: 'Sled Push', reps: '10', recent: [s(18, 90, [10, 10]), s(21, 90, [10, 10])], weight: 95, targetReps: 10, reason: '2×10 at 90 lb on Nov 18 and Nov 21: every set reached 10 reps twice → try 95 lb for 10 reps.' },
  ];
  for (const row of table) {
    it(row.what, () => {
      const target = nextTarget({ exercise: row.exercise, name: row.name, reps: row.reps, targetReps: parseInt(row.reps, 10), recent: row.recent, timeZone: 'UTC' });
      expect(target.reason).to.equal(row.reason);
      expect(target.target_reps).to.equal(row.targetReps);
      expect(target.target_weight).to.deep.equal(row.weight === null ? null : { value: row.weight, unit: row.unit ?? 'lb' });
      if (row.weight !== null) expect(target.target_weight_lb).to.equal(row.unit === 'kg' ? Math.round((row.weight / 0.45359237) * 100) / 100 : row.weight);
    });
  }

  it("dates the reason in the user's time zone, where it differs from UTC's", () => {
    // 03:30 UTC on Nov 18 and Nov 21 is still the evening before in Los Angeles, already the day's morning in Tokyo.
    const late = (day: number): SessionSets => {
      const at = `2026-11-${day}T03:30:00.000Z`;
      return { session_id: `l${day}`, date: at, sets: [12, 12, 12].map((r, i) => setFact({ set_id: `l${day}-${i}`, session_id: `l${day}`, at, weight: 50, unit: 'lb', reps: r, rpe: null, warmup: false })) };
    };
    const ask = (timeZone: string) => nextTarget({ exercise: 'dumbbell-bench-press', name: 'Dumbbell Bench Press', reps: '8-12', targetReps: 8, recent: [late(18), late(21)], timeZone }).reason;
    expect(ask('America/Los_Angeles')).to.equal('3×12 at 50 lb on Nov 17 and Nov 20: every set reached 12 reps twice → try 55 lb for 8–12 reps.');
    expect(ask('UTC')).to.equal('3×12 at 50 lb on Nov 18 and Nov 21: every set reached 12 reps twice → try 55 lb for 8–12 reps.');
    expect(ask('Asia/Tokyo')).to.equal('3×12 at 50 lb on Nov 18 and Nov 21: every set reached 12 reps twice → try 55 lb for 8–12 reps.');
  });
});
