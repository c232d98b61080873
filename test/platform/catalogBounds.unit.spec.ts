import { expect } from 'chai';
import type { z } from 'zod';
import { MAX_WEIGHT, TRAINING } from '../../events/bounds.js';
import { eventSchemas, InvalidEventError, validateForAppend } from '../../events/catalog.js';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  checks?: { _zod: { def: { check: string; maximum?: number } } }[];
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every field of every event type, however deep (in objects and lists), with the schema that checks it. */
function fieldsOf(schema: z.ZodType, path: string[] = []): { path: string[]; schema: z.ZodType; kind: string }[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape!).flatMap(([name, field]) => fieldsOf(field, [...path, name]));
    case 'optional':
    case 'nullable':
      return fieldsOf(def.innerType!, path);
    case 'array':
      return [{ path, schema, kind: 'array' }, ...fieldsOf(def.element!, [...path, '0'])];
    default:
      return [{ path, schema, kind: def.type }];
  }
}

const all = Object.entries(eventSchemas).flatMap(([type, schema]) => fieldsOf(schema as z.ZodType).map((f) => ({ ...f, type, name: f.path.filter((p) => p !== '0').at(-1)!, where: `${type}.${f.path.join('.')}` })));
const refuses = (schema: z.ZodType, value: unknown) => !schema.safeParse(value).success;
const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;
/** A field that holds when something happened (an instant) or a calendar date. */
const isDated = (name: string) => /At$|^(from|to)$/.test(name);

/**
 * The bounds the read side relies on (events/bounds.ts) are in the catalog's schemas, field by field, so an event
 * type added later cannot leave a date, a duration or a count unbounded: this walks every field of every type.
 */
describe('the catalog: every date, duration and count of every event type is bounded at append', () => {
  it('finds the fields it checks (a walk that found none would prove nothing)', () => {
    expect(all.filter((f) => f.kind === 'number').length).to.be.above(50);
    expect(all.filter((f) => isDated(f.name)).length).to.be.above(50);
  });

  it('every number is bounded both ways: no event holds 10^12, or below -10^12', () => {
    const unbounded = all.filter((f) => f.kind === 'number' && (accepts(f.schema, 1e12) || accepts(f.schema, -1e12))).map((f) => f.where);
    expect(unbounded).to.deep.equal([]);
  });

  it('every instant parses, is written as toISOString writes it and lies in the years 1900 to 2100; every calendar date too', () => {
    const instants = all.filter((f) => isDated(f.name));
    const loose = instants
      .filter((f) => !accepts(f.schema, '2026-11-18T15:00:00.000Z') || ['9999-01-01T00:00:00.000Z', '0001-01-01T00:00:00.000Z', '1899-12-31T23:59:59.999Z', '2026-11-18T16:00:00.000+01:00', '2026-11-18T15:00:00Z', 'yesterday', ''].some((v) => accepts(f.schema, v)))
      .map((f) => f.where);
    expect(loose).to.deep.equal([]);
    const dates = all.filter((f) => /Date$/.test(f.name));
    expect(dates.map((f) => f.where)).to.deep.equal(['ReminderSent.localDate']);
    for (const f of dates) {
      expect(accepts(f.schema, '2026-11-18'), f.where).to.equal(true);
      for (const v of ['9999-01-01', '0001-01-01', '2026-13-45']) expect(refuses(f.schema, v), `${f.where} ${v}`).to.equal(true);
    }
  });

  it('durations last a day at most, and counts of training stay those of real training', () => {
    const named = (pattern: RegExp) => all.filter((f) => f.kind === 'number' && pattern.test(f.name));
    const minutes = named(/Minutes$/);
    expect(minutes.map((f) => f.where)).to.include.members(['WorkoutsImported.workouts.0.durationMinutes', 'WorkoutSessionEnded.totalDurationMinutes']);
    for (const f of minutes) expect(refuses(f.schema, TRAINING.workoutMinutes + 1), f.where).to.equal(true);
    const seconds = named(/(^s|S)econds$/);
    expect(seconds.map((f) => f.where)).to.include.members(['WorkoutsImported.workouts.0.sets.0.seconds', 'WorkoutSessionEnded.runtimeSeconds', 'RegimenSaved.v2.days.0.exercises.0.durationSeconds']);
    for (const f of seconds) expect(refuses(f.schema, TRAINING.setSeconds + 1), f.where).to.equal(true);
    const reps = named(/^(reps|targetReps)$/);
    expect(reps.length).to.be.above(2);
    for (const f of reps) expect(refuses(f.schema, TRAINING.reps + 1), f.where).to.equal(true);
    const weights = named(/^weight(Lb)?$/).filter((f) => f.type !== 'UserSignedUp' && f.type !== 'ProfileUpdated' && f.type !== 'MeasurementRecorded');
    expect(weights.length).to.be.above(2);
    for (const f of weights) expect(refuses(f.schema, MAX_WEIGHT.lb + 1), f.where).to.equal(true);
  });

  it('every list is bounded in length', () => {
    const unbounded = all.filter((f) => f.kind === 'array' && !defOf(f.schema).checks?.some((c) => c._zod.def.check === 'max_length')).map((f) => f.where);
    expect(unbounded).to.deep.equal([]);
  });

  it('a weight in kg is bounded in kg: 1,000 kg is refused where 1,000 lb is taken', () => {
    const set = { sessionId: 's', userId: 'u', setId: 's-s1', exercise: 'squat', exerciseName: 'Squat', custom: false, unit: 'lb', reps: 5, rpe: null, warmup: false, loggedAt: '2026-11-18T15:00:00.000Z' };
    expect(() => validateForAppend([{ type: 'SetLogged', data: { ...set, weight: 1000 } }])).not.to.throw();
    expect(() => validateForAppend([{ type: 'SetLogged', data: { ...set, weight: 1000, unit: 'kg' } }])).to.throw(InvalidEventError, /weight must be at most 907 kg/);
  });
});
