import type { ExerciseKind } from '../../../../../contract/training/exerciseKinds';
import type { LoggedSet, LogSet } from '../records/recordsApi';
import { inUnit, showWeight, weightField, type WeightUnit } from '../records/units';

export type { ExerciseKind };

/**
 * What the set logger asks for and shows, by the exercise's kind (the plan's; for an exercise typed here, what its
 * sets carried; else reps with an optional load): a loaded lift by weight and reps, a body-weight move by reps (load
 * only added), a hold by seconds, cardio by minutes and distance in the person's system (km for kg, mi for lb).
 */
export function kindShown(planned: ExerciseKind | null | undefined, sets: LoggedSet[]): ExerciseKind | null {
  if (planned) return planned;
  const set = sets[sets.length - 1];
  if (!set) return null;
  return set.distance !== undefined ? 'distance' : set.seconds !== undefined ? 'timed' : set.weight > 0 ? 'weighted' : 'bodyweight';
}

export const distanceUnitOf = (unit: WeightUnit) => (unit === 'kg' ? 'km' : 'mi');

const time = (seconds: number) => (seconds >= 60 ? `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')} min` : `${seconds} s`);

/** A set as the tracker says it: "60 kg × 8", "12 reps", "12 reps + 10 kg", "45 s", "15:00 min, 1.5 km"; RPE where given. */
export function said(s: LoggedSet, unit: WeightUnit): string {
  const load = s.weight > 0 ? showWeight(s, unit) : null;
  let what: string;
  if (s.seconds !== undefined) what = [time(s.seconds), s.distance !== undefined ? `${s.distance} ${s.distance_unit ?? 'km'}` : null, load && `+ ${load}`].filter(Boolean).join(', ');
  else if (load === null) what = `${s.reps} reps`;
  else what = `${load} × ${s.reps}`;
  return `${what}${s.rpe !== null && s.rpe !== undefined ? ` @ RPE ${s.rpe}` : ''}${s.warmup ? ' (warm-up)' : ''}`;
}

/** The form's fields as typed (strings, '' for blank). */
export interface SetForm {
  weight: string;
  reps: string;
  seconds: string;
  minutes: string;
  distance: string;
  rpe: string;
}

const given = (value: string) => value.trim() !== '' && Number.isFinite(Number(value));

/**
 * The body of a log-set call from the form, only what the kind measures; undefined while something needed is missing.
 * The server holds the same rule (`misfit`) and says what is missing, should the two ever differ.
 */
export function bodyOf(kind: ExerciseKind | null, form: SetForm, unit: WeightUnit): Omit<LogSet, 'sessionId' | 'exercise' | 'key' | 'warmup'> | undefined {
  const load = given(form.weight) && Number(form.weight) > 0 ? { [weightField(unit)]: Number(form.weight) } : {};
  const rpe = given(form.rpe) ? { rpe: Number(form.rpe) } : {};
  const reps = Number(form.reps);
  switch (kind) {
    case 'timed': {
      const seconds = Math.round(Number(form.seconds));
      return given(form.seconds) && seconds >= 1 ? { seconds, ...load, ...rpe } : undefined;
    }
    case 'distance': {
      const seconds = Math.round(Number(form.minutes) * 60);
      if (!given(form.minutes) || seconds < 1) return undefined;
      const distance = given(form.distance) && Number(form.distance) > 0 ? { [unit === 'kg' ? 'distanceKm' : 'distanceMi']: Number(form.distance) } : {};
      return { seconds, ...distance, ...rpe };
    }
    case 'weighted':
      return given(form.weight) && Number(form.weight) >= 0 && reps >= 1 ? { [weightField(unit)]: Number(form.weight), reps, ...rpe } : undefined;
    default:
      return reps >= 1 ? { reps, ...load, ...rpe } : undefined;
  }
}

/** The form filled from a set (this session's last, or Repeat's): in the person's unit. */
export function formOf(s: LoggedSet | undefined, unit: WeightUnit, fallback: Partial<SetForm> = {}): SetForm {
  return {
    weight: s ? (s.weight > 0 ? String(inUnit(s, unit)) : '') : (fallback.weight ?? ''),
    reps: s && s.reps > 0 ? String(s.reps) : (fallback.reps ?? ''),
    seconds: s?.seconds !== undefined ? String(s.seconds) : (fallback.seconds ?? ''),
    minutes: s?.seconds !== undefined ? String(Math.round((s.seconds / 60) * 10) / 10) : (fallback.minutes ?? ''),
    distance: s?.distance !== undefined ? String(s.distance) : (fallback.distance ?? ''),
    rpe: '',
  };
}
