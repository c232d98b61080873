import type { ExerciseKind } from '../../../contract/training/exerciseKinds.js';

/**
 * The bundled exercise catalog the built-in coach writes regimens from. Each exercise names its movement pattern
 * (so a week can be balanced, and a swap keeps the pattern), the muscles it trains, its equipment, the lowest level
 * it is taught at, and its contraindications: the accessibility filter reads those, it never guesses from names.
 */

export type Pattern = 'squat' | 'hinge' | 'lunge' | 'push-h' | 'push-v' | 'pull-h' | 'pull-v' | 'core' | 'arms' | 'calves' | 'cardio';
export type Equipment = 'body weight' | 'dumbbell' | 'barbell' | 'machine' | 'cable' | 'kettlebell' | 'band' | 'cardio machine' | 'pool';
export type Level = 'novice' | 'intermediate' | 'advanced';
export type { ExerciseKind };

/**
 * What a body part or a situation rules out. `knee`: deep loaded knee flexion; `lower-back`: loaded spinal flexion
 * or heavy axial load; `impact`: jumping and running; `non-seated`: cannot be done from a seated position (a
 * wheelchair user's filter, with `legs`: needs working legs, even seated); `supine`: lying on the back (pregnancy
 * after the first trimester).
 */
export type Contraindication = 'knee' | 'lower-back' | 'shoulder' | 'wrist' | 'hip' | 'ankle' | 'neck' | 'impact' | 'balance' | 'non-seated' | 'legs' | 'supine';

export interface Exercise {
  name: string;
  pattern: Pattern;
  muscles: string[];
  equipment: Equipment;
  level: Level;
  /** A heavy multi-joint lift: strength rep ranges and 2–3 minutes' rest apply to it (ACSM 2009). */
  heavy: boolean;
  /** Held for time rather than counted (planks, carries): the plan names the hold and counts 1 rep a set. */
  holdSeconds: number | null;
  /**
   * What a set of it is measured in: cardio by time (and distance), a hold by seconds, a body-weight move by reps
   * (load only when added), anything else by load and reps. A heavy body-weight lift (the weighted pull-up) is loaded.
   */
  kind: ExerciseKind;
  contraindications: Contraindication[];
}

type Row = [name: string, pattern: Pattern, muscles: string, equipment: Equipment, level: Level, contraindications: string, flags?: string];

// flags: 'heavy', 'seated' (doable from a chair, so not 'non-seated'), 'hold:<s>'.
const ROWS: Row[] = [
  // squat pattern
  ['Barbell Back Squat', 'squat', 'quads, glutes, adductors', 'barbell', 'intermediate', 'knee lower-back', 'heavy'],
  ['Front Squat', 'squat', 'quads, glutes, upper back', 'barbell', 'advanced', 'knee lower-back wrist', 'heavy'],
  ['Goblet Squat', 'squat', 'quads, glutes', 'dumbbell', 'novice', 'knee'],
  ['Body-weight Squat', 'squat', 'quads, glutes', 'body weight', 'novice', 'knee'],
  ['Box Squat to a High Box', 'squat', 'quads, glutes', 'body weight', 'novice', ''],
  ['Leg Press', 'squat', 'quads, glutes', 'machine', 'novice', 'knee'],
  ['Hack Squat Machine', 'squat', 'quads, glutes', 'machine', 'intermediate', 'knee'],
  ['Wall Sit', 'squat', 'quads', 'body weight', 'novice', 'knee', 'hold:30'],
  ['Jump Squat', 'squat', 'quads, glutes, calves', 'body weight', 'intermediate', 'knee impact ankle'],
  ['Pistol Squat', 'squat', 'quads, glutes', 'body weight', 'advanced', 'knee balance ankle'],
  ['Safety Bar Squat', 'squat', 'quads, glutes, upper back', 'barbell', 'advanced', 'knee', 'heavy'],
  ['Leg Extension', 'squat', 'quads', 'machine', 'novice', 'knee', 'seated'],
  // hinge pattern
  ['Conventional Deadlift', 'hinge', 'hamstrings, glutes, lower back, upper back', 'barbell', 'intermediate', 'lower-back', 'heavy'],
  ['Romanian Deadlift', 'hinge', 'hamstrings, glutes', 'barbell', 'intermediate', 'lower-back', 'heavy'],
  ['Dumbbell Romanian Deadlift', 'hinge', 'hamstrings, glutes', 'dumbbell', 'novice', ''],
  ['Trap Bar Deadlift', 'hinge', 'glutes, hamstrings, quads', 'barbell', 'intermediate', 'knee', 'heavy'],
  ['Glute Bridge', 'hinge', 'glutes, hamstrings', 'body weight', 'novice', 'supine'],
  ['Barbell Hip Thrust', 'hinge', 'glutes, hamstrings', 'barbell', 'intermediate', 'supine', 'heavy'],
  ['Kettlebell Swing', 'hinge', 'glutes, hamstrings, core', 'kettlebell', 'intermediate', 'lower-back'],
  ['Good Morning', 'hinge', 'hamstrings, lower back', 'barbell', 'advanced', 'lower-back'],
  ['Lying Leg Curl', 'hinge', 'hamstrings', 'machine', 'novice', ''],
  ['Seated Leg Curl', 'hinge', 'hamstrings', 'machine', 'novice', '', 'seated'],
  ['Back Extension', 'hinge', 'lower back, glutes, hamstrings', 'body weight', 'novice', 'lower-back'],
  ['Cable Pull-through', 'hinge', 'glutes, hamstrings', 'cable', 'novice', ''],
  ['Single-leg Romanian Deadlift', 'hinge', 'hamstrings, glutes', 'dumbbell', 'intermediate', 'balance'],
  // lunge pattern
  ['Walking Lunge', 'lunge', 'quads, glutes', 'dumbbell', 'intermediate', 'knee balance'],
  ['Reverse Lunge', 'lunge', 'quads, glutes', 'body weight', 'novice', 'knee balance'],
  ['Bulgarian Split Squat', 'lunge', 'quads, glutes', 'dumbbell', 'intermediate', 'knee balance'],
  ['Step-up to a Low Box', 'lunge', 'quads, glutes', 'body weight', 'novice', 'balance'],
  ['Lateral Lunge', 'lunge', 'adductors, glutes, quads', 'body weight', 'intermediate', 'knee hip'],
  ['Split Squat', 'lunge', 'quads, glutes', 'body weight', 'novice', 'knee'],
  // horizontal push
  ['Barbell Bench Press', 'push-h', 'chest, triceps, front delts', 'barbell', 'intermediate', 'shoulder', 'heavy'],
  ['Dumbbell Bench Press', 'push-h', 'chest, triceps, front delts', 'dumbbell', 'novice', 'shoulder'],
  ['Incline Dumbbell Press', 'push-h', 'upper chest, front delts, triceps', 'dumbbell', 'novice', 'shoulder'],
  ['Machine Chest Press', 'push-h', 'chest, triceps', 'machine', 'novice', '', 'seated'],
  ['Push-up', 'push-h', 'chest, triceps, core', 'body weight', 'novice', 'wrist'],
  ['Wall Push-up', 'push-h', 'chest, triceps', 'body weight', 'novice', ''],
  ['Incline Push-up', 'push-h', 'chest, triceps', 'body weight', 'novice', 'wrist'],
  ['Cable Chest Fly', 'push-h', 'chest', 'cable', 'intermediate', 'shoulder'],
  ['Parallel Bar Dip', 'push-h', 'chest, triceps', 'body weight', 'advanced', 'shoulder wrist'],
  ['Close-grip Bench Press', 'push-h', 'triceps, chest', 'barbell', 'advanced', 'shoulder wrist', 'heavy'],
  ['Band Chest Press', 'push-h', 'chest, triceps', 'band', 'novice', '', 'seated'],
  // vertical push
  ['Standing Overhead Press', 'push-v', 'shoulders, triceps, core', 'barbell', 'intermediate', 'shoulder lower-back', 'heavy'],
  ['Seated Dumbbell Shoulder Press', 'push-v', 'shoulders, triceps', 'dumbbell', 'novice', 'shoulder', 'seated'],
  ['Machine Shoulder Press', 'push-v', 'shoulders, triceps', 'machine', 'novice', 'shoulder', 'seated'],
  ['Landmine Press', 'push-v', 'shoulders, upper chest', 'barbell', 'intermediate', ''],
  ['Pike Push-up', 'push-v', 'shoulders, triceps', 'body weight', 'intermediate', 'shoulder wrist'],
  ['Push Press', 'push-v', 'shoulders, triceps, legs', 'barbell', 'advanced', 'shoulder lower-back knee', 'heavy'],
  ['Seated Dumbbell Lateral Raise', 'push-v', 'side delts', 'dumbbell', 'novice', '', 'seated'],
  ['Handstand Push-up', 'push-v', 'shoulders, triceps', 'body weight', 'advanced', 'shoulder wrist neck'],
  // horizontal pull
  ['Seated Cable Row', 'pull-h', 'mid back, lats, biceps', 'cable', 'novice', '', 'seated'],
  ['One-arm Dumbbell Row', 'pull-h', 'lats, mid back, biceps', 'dumbbell', 'novice', ''],
  ['Barbell Bent-over Row', 'pull-h', 'mid back, lats, rear delts', 'barbell', 'intermediate', 'lower-back', 'heavy'],
  ['Chest-supported Row', 'pull-h', 'mid back, rear delts', 'machine', 'novice', ''],
  ['Inverted Row', 'pull-h', 'mid back, biceps', 'body weight', 'intermediate', ''],
  // A home pull with nothing but a doorframe, so a body-weight week still pulls.
  ['Doorframe Row', 'pull-h', 'mid back, biceps', 'body weight', 'novice', ''],
  ['Face Pull', 'pull-h', 'rear delts, upper back', 'cable', 'novice', '', 'seated'],
  ['Band Pull-apart', 'pull-h', 'rear delts, upper back', 'band', 'novice', '', 'seated'],
  ['Seated Band Row', 'pull-h', 'mid back, biceps', 'band', 'novice', '', 'seated'],
  ['Pendlay Row', 'pull-h', 'mid back, lats', 'barbell', 'advanced', 'lower-back', 'heavy'],
  // vertical pull
  ['Lat Pulldown', 'pull-v', 'lats, biceps', 'cable', 'novice', '', 'seated'],
  ['Assisted Pull-up', 'pull-v', 'lats, biceps', 'machine', 'novice', ''],
  ['Pull-up', 'pull-v', 'lats, biceps, core', 'body weight', 'intermediate', 'shoulder'],
  ['Chin-up', 'pull-v', 'lats, biceps', 'body weight', 'intermediate', 'shoulder'],
  ['Weighted Pull-up', 'pull-v', 'lats, biceps', 'body weight', 'advanced', 'shoulder', 'heavy'],
  ['Single-arm Cable Pulldown', 'pull-v', 'lats', 'cable', 'intermediate', '', 'seated'],
  ['Straight-arm Pulldown', 'pull-v', 'lats', 'cable', 'novice', ''],
  // core
  ['Front Plank', 'core', 'abs, obliques', 'body weight', 'novice', 'shoulder', 'hold:30'],
  ['Side Plank', 'core', 'obliques', 'body weight', 'novice', 'shoulder', 'hold:20'],
  ['Dead Bug', 'core', 'abs', 'body weight', 'novice', 'supine'],
  ['Bird Dog', 'core', 'abs, lower back, glutes', 'body weight', 'novice', 'wrist'],
  ['Pallof Press', 'core', 'obliques, abs', 'cable', 'novice', '', 'seated'],
  ['Crunch', 'core', 'abs', 'body weight', 'novice', 'lower-back neck supine'],
  ['Russian Twist', 'core', 'obliques', 'body weight', 'intermediate', 'lower-back'],
  ['Hanging Knee Raise', 'core', 'abs, hip flexors', 'body weight', 'intermediate', 'shoulder'],
  ['Ab Wheel Rollout', 'core', 'abs', 'body weight', 'advanced', 'lower-back shoulder'],
  ['Cable Woodchop', 'core', 'obliques', 'cable', 'intermediate', 'lower-back'],
  ['Farmer Carry', 'core', 'grip, core, traps', 'dumbbell', 'novice', '', 'hold:40'],
  ['Seated Band Trunk Rotation', 'core', 'obliques', 'band', 'novice', '', 'seated'],
  ['Hollow Body Hold', 'core', 'abs', 'body weight', 'advanced', 'lower-back supine', 'hold:20'],
  // arms
  ['Seated Dumbbell Curl', 'arms', 'biceps', 'dumbbell', 'novice', '', 'seated'],
  ['Chair Dip', 'arms', 'triceps', 'body weight', 'novice', 'shoulder wrist'],
  ['Barbell Curl', 'arms', 'biceps', 'barbell', 'novice', 'wrist'],
  ['Hammer Curl', 'arms', 'biceps, forearms', 'dumbbell', 'novice', '', 'seated'],
  ['Cable Triceps Pushdown', 'arms', 'triceps', 'cable', 'novice', ''],
  ['Seated Overhead Triceps Extension', 'arms', 'triceps', 'dumbbell', 'novice', 'shoulder', 'seated'],
  ['Skull Crusher', 'arms', 'triceps', 'barbell', 'intermediate', 'wrist supine'],
  // calves
  ['Standing Calf Raise', 'calves', 'calves', 'machine', 'novice', 'ankle'],
  ['Body-weight Calf Raise', 'calves', 'calves', 'body weight', 'novice', 'ankle'],
  ['Seated Calf Raise', 'calves', 'calves', 'machine', 'novice', '', 'seated'],
  // cardio (minutes are in the name; sets 1, reps 1)
  ['Brisk Walk', 'cardio', 'heart, legs', 'body weight', 'novice', ''],
  ['Stationary Bike', 'cardio', 'heart, legs', 'cardio machine', 'novice', '', 'seated'],
  ['Rowing Machine', 'cardio', 'heart, back, legs', 'cardio machine', 'novice', 'lower-back'],
  ['Elliptical Trainer', 'cardio', 'heart, legs', 'cardio machine', 'novice', ''],
  ['Arm Ergometer', 'cardio', 'heart, shoulders, arms', 'cardio machine', 'novice', '', 'seated'],
  ['Jogging', 'cardio', 'heart, legs', 'body weight', 'novice', 'impact knee ankle'],
  ['Jump Rope', 'cardio', 'heart, calves', 'body weight', 'intermediate', 'impact knee ankle'],
  ['Burpee Intervals', 'cardio', 'heart, whole body', 'body weight', 'advanced', 'impact knee wrist'],
  ['Seated Shadow Boxing', 'cardio', 'heart, shoulders, arms', 'body weight', 'novice', '', 'seated'],
  ['Incline Treadmill Walk', 'cardio', 'heart, legs', 'cardio machine', 'novice', ''],
  // A pool is equipment a home does not have: only a gym plan (or one who says they swim) is offered it.
  ['Swimming', 'cardio', 'heart, whole body', 'pool', 'novice', ''],
];

/**
 * Other names of catalog exercises: the ones Strong and Hevy export ("Squat (Barbell)") and the ones lifters type
 * ("Back Squat"), where the words differ from the catalog's. They are read by the one identity rule
 * (services/domain/training/exerciseIdentity.ts) with the same word matching as the catalog's names, so each also
 * stands for its other spellings ("squat (barbell)", "Barbell Squat"). A name whose words already match the
 * catalog's ("Bench Press (Barbell)") needs no entry. A name is another name of an exercise only when it is the same
 * lift: a standing curl or raise is not the catalog's seated one, so "Bicep Curl (Dumbbell)" and "Lateral Raise
 * (Dumbbell)" stay the person's own.
 */
export const ALSO_CALLED: Readonly<Record<string, readonly string[]>> = {
  'Barbell Back Squat': ['Squat (Barbell)', 'Back Squat (Barbell)', 'Back Squat'],
  'Front Squat': ['Front Squat (Barbell)'],
  'Goblet Squat': ['Goblet Squat (Kettlebell)', 'Goblet Squat (Dumbbell)'],
  'Conventional Deadlift': ['Deadlift (Barbell)', 'Deadlift'],
  'Romanian Deadlift': ['Romanian Deadlift (Barbell)', 'RDL'],
  'Dumbbell Romanian Deadlift': ['Romanian Deadlift (Dumbbell)'],
  'Trap Bar Deadlift': ['Deadlift (Trap bar)'],
  'Barbell Hip Thrust': ['Hip Thrust (Barbell)', 'Hip Thrust'],
  'Standing Overhead Press': ['Overhead Press (Barbell)', 'Overhead Press', 'Military Press'],
  'Seated Dumbbell Shoulder Press': ['Shoulder Press (Dumbbell)', 'Seated Overhead Press (Dumbbell)'],
  'Barbell Bent-over Row': ['Bent Over Row (Barbell)'],
  'Incline Dumbbell Press': ['Incline Bench Press (Dumbbell)'],
  'Cable Chest Fly': ['Chest Fly (Cable)'],
  'Barbell Curl': ['Bicep Curl (Barbell)'],
  'Hammer Curl': ['Hammer Curl (Dumbbell)'],
  'Cable Triceps Pushdown': ['Triceps Pushdown (Cable - Straight Bar)', 'Triceps Pushdown'],
  'Skull Crusher': ['Skullcrusher (Barbell)', 'Skullcrusher'],
  'Lat Pulldown': ['Lat Pulldown (Cable)'],
  'Seated Cable Row': ['Seated Row (Cable)'],
  'Pull-up': ['Pull Up'],
  'Chin-up': ['Chin Up'],
  'Push-up': ['Push Up'],
  'Leg Press': ['Leg Press (Machine)'],
  'Leg Extension': ['Leg Extension (Machine)'],
  'Lying Leg Curl': ['Lying Leg Curl (Machine)'],
  'Seated Leg Curl': ['Seated Leg Curl (Machine)'],
  'Standing Calf Raise': ['Standing Calf Raise (Machine)'],
  'Front Plank': ['Plank'],
  'Walking Lunge': ['Lunge (Dumbbell)'],
  'Bulgarian Split Squat': ['Bulgarian Split Squat (Dumbbell)'],
  'Face Pull': ['Face Pull (Cable)'],
  'Rowing Machine': ['Rowing (Machine)'],
  'Stationary Bike': ['Cycling (Indoor)'],
};

const LEG_PATTERNS: Pattern[] = ['squat', 'hinge', 'lunge', 'calves'];

export const EXERCISES: readonly Exercise[] = ROWS.map(([name, pattern, muscles, equipment, level, contraindications, flags = '']) => {
  const flagList = flags.split(' ').filter(Boolean);
  const hold = flagList.find((f) => f.startsWith('hold:'));
  const against = contraindications.split(' ').filter(Boolean) as Contraindication[];
  return {
    name,
    pattern,
    muscles: muscles.split(', '),
    equipment,
    level,
    heavy: flagList.includes('heavy'),
    holdSeconds: hold ? Number(hold.slice(5)) : null,
    kind: pattern === 'cardio' ? 'distance' : hold ? 'timed' : equipment === 'body weight' && !flagList.includes('heavy') ? 'bodyweight' : 'weighted',
    contraindications: [
      ...against,
      ...(flagList.includes('seated') ? [] : ['non-seated' as const]),
      ...(LEG_PATTERNS.includes(pattern) || muscles.includes('legs') ? ['legs' as const] : []),
    ],
  };
});

/** What a contraindication is hard on, as a refusal says it ("it is hard on your knees"). */
export const HARD_ON: Record<Contraindication, string> = {
  knee: 'your knees',
  'lower-back': 'your lower back',
  shoulder: 'your shoulders',
  wrist: 'your wrists',
  hip: 'your hips',
  ankle: 'your ankles',
  neck: 'your neck',
  impact: 'your joints (jumping or running)',
  balance: 'your balance',
  'non-seated': 'you (it cannot be done seated)',
  legs: 'your legs',
  supine: 'you (it is done lying on your back)',
};

/** What an exercise free of a contraindication spares, as a reason says it ("limits knee bend"). */
export const SPARES: Record<Contraindication, string> = {
  knee: 'limits deep knee bending',
  'lower-back': 'puts no heavy load or bending on your lower back',
  shoulder: 'keeps load off your shoulders',
  wrist: 'keeps weight off your wrists',
  hip: 'spares your hips',
  ankle: 'spares your ankles',
  neck: 'keeps strain off your neck',
  impact: 'has no jumping or running',
  balance: 'needs no balancing on one leg',
  'non-seated': 'can be done seated',
  legs: 'needs no leg work',
  supine: 'is not done lying on your back',
};

const LEVELS: Level[] = ['novice', 'intermediate', 'advanced'];
export const levelRank = (level: Level) => LEVELS.indexOf(level);
