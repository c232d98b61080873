import { AHEAD_MS, inYears, MAX_IMPORT_ROWS, MAX_WEIGHT, TRAINING, YEARS } from '../../../../events/bounds.js';
import type { ImportSource } from '../../../../events/imports.js';
import type { WeightUnit } from '../../../../contract/weightUnits.js';
import { csvRecords, CsvSyntaxError, unneutralised, type CsvRecord } from '../../../platform/csv.js';
import { instantOfWallClock } from '../../../platform/time.js';
import { Slices } from '../../../platform/turns.js';

/** Records parsed between two looks at the clock; the loop is given up once a slice has run (platform/turns.ts). */
const ROWS_PER_CHECK = 64;

/** A file the importer refuses, with where: the whole file is refused, and nothing is written. */
export class BadFile extends Error {}

/** One set row of a file, in the app's words, before its exercise is matched. */
export interface FileSet {
  exerciseName: string;
  weight: number;
  unit: WeightUnit;
  reps: number;
  rpe: number | null;
  warmup: boolean;
  distance: number | null;
  distanceUnit: 'km' | 'mi' | null;
  seconds: number | null;
}

export interface FileWorkout {
  name: string;
  startedAt: string;
  durationMinutes: number;
  sets: FileSet[];
}

export interface ParsedFile {
  source: ImportSource;
  rows: number;
  workouts: FileWorkout[];
}

/**
 * What reading a file needs: the user's zone a time without one is read in, the unit a unitless weight is in, and
 * the server's clock (epoch ms), which no workout of the file starts more than `AHEAD_MS` after.
 */
export interface Reader {
  timeZone: string;
  units: WeightUnit;
  now: number;
}

type Cells = (name: string) => string;

interface Format {
  source: ImportSource;
  separator: string;
  /** Columns every file of the format has, in order; `alternatives` lists a column's other spellings. */
  columns: string[];
  /** Which workout a row belongs to: the rows of one workout share its start and name. */
  keyOf(cell: Cells): string;
  workoutOf(cell: Cells, at: Where, reader: Reader): { name: string; startedAt: string; durationMinutes: number };
  setOf(cell: Cells, at: Where, reader: Reader): FileSet;
}

/** Finds a cell's column for an error message. */
type Where = (column: string) => string;

const fail = (where: string, message: string): never => {
  throw new BadFile(`${where}: ${message}`);
};

function number(text: string, where: string, { min = 0, max, whole = false }: { min?: number; max: number; whole?: boolean }): number | null {
  const t = text.trim();
  if (t === '') return null;
  const value = Number(t);
  if (!Number.isFinite(value) || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return fail(where, `"${t}" is not a number`);
  if (whole && !Number.isInteger(value)) return fail(where, `"${t}" is not a whole number`);
  if (value < min) return fail(where, `${t} must be at least ${min}`);
  if (value > max) return fail(where, `${t} must be at most ${max}`);
  return value;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * An instant from the dates the apps write: "2019-01-11 12:31:54" (Strong), "26 Jul 2025, 07:06" (Hevy), or an ISO
 * time. Without a zone it is the user's wall clock.
 */
export function instantOf(text: string, where: string, timeZone: string): string {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(t);
  const hevy = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  let parts: number[] | undefined;
  let zone: string | undefined;
  if (iso) {
    parts = [1, 2, 3, 4, 5, 6].map((i) => Number(iso[i] ?? 0));
    zone = iso[7];
  } else if (hevy) {
    const month = MONTHS.indexOf(hevy[2]!.toLowerCase()) + 1;
    if (month > 0) parts = [Number(hevy[3]), month, Number(hevy[1]), Number(hevy[4]), Number(hevy[5]), Number(hevy[6] ?? 0)];
  }
  if (!parts) return fail(where, `"${t}" is not a date this importer reads`);
  const [y, mo, d, h, mi, s] = parts as [number, number, number, number, number, number];
  const outside = () => fail(where, `"${t}" is not a date between ${YEARS.earliest} and ${YEARS.latest}`);
  // Checked as written: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  if (y < YEARS.earliest || y > YEARS.latest) return outside();
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(utc);
  if (mo < 1 || mo > 12 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return fail(where, `"${t}" is not a date`);
  let instant: Date;
  if (zone === undefined) instant = instantOfWallClock(utc, timeZone);
  else if (/^z$/i.test(zone)) instant = back;
  else {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.replace(/[^0-9]/g, '');
    instant = new Date(utc - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000);
  }
  // A zone can carry the first or last hours across the edge of the years.
  return inYears(instant.getTime()) ? instant.toISOString() : outside();
}

/** "1h 5m", "45m", "1h", "30s", or a number of seconds, as whole minutes; a workout lasts at most a day. */
export function minutesOf(text: string, where: string): number {
  const t = text.trim();
  if (t === '') return 0;
  const hms = /^(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?\s*(?:(\d+)\s*s)?$/i.exec(t);
  let minutes: number;
  if (/^\d+(\.\d+)?$/.test(t)) minutes = Math.round(Number(t) / 60);
  else if (hms && (hms[1] || hms[2] || hms[3])) minutes = Number(hms[1] ?? 0) * 60 + Number(hms[2] ?? 0) + Math.round(Number(hms[3] ?? 0) / 60);
  else return fail(where, `"${t}" is not a duration`);
  return minutes > TRAINING.workoutMinutes ? fail(where, `${t} is longer than ${TRAINING.workoutMinutes / 60} hours: a workout lasts at most a day`) : minutes;
}

/** When a workout started: no later than `AHEAD_MS` past the server's clock, since a later one has not happened yet. */
function startOf(cell: Cells, column: string, at: Where, reader: Reader): string {
  const startedAt = instantOf(cell(column), at(column), reader.timeZone);
  return Date.parse(startedAt) > reader.now + AHEAD_MS ? fail(at(column), `"${cell(column).trim()}" is in the future`) : startedAt;
}

const text = (cell: Cells, column: string) => unneutralised(cell(column).trim());
const required = (cell: Cells, column: string, at: Where) => text(cell, column) || fail(at(column), 'is empty');
/** Strong writes 0 (or nothing) for a set without one. */
const rpeOf = (cell: Cells, at: Where, column = 'RPE') => {
  const rpe = number(cell(column), at(column), { max: 10 });
  return rpe === 0 ? null : rpe;
};

const strongSet = (cell: Cells, at: Where, unit: WeightUnit, distanceUnit: 'km' | 'mi'): FileSet => {
  const order = cell('Set Order').trim();
  if (!/^(\d+|[WDF])$/i.test(order)) fail(at('Set Order'), `"${order}" is not a set number`);
  const distance = number(cell('Distance'), at('Distance'), { max: TRAINING.distance });
  return {
    exerciseName: required(cell, 'Exercise Name', at),
    weight: number(cell('Weight'), at('Weight'), { max: MAX_WEIGHT[unit] }) ?? 0,
    unit,
    reps: number(cell('Reps'), at('Reps'), { max: TRAINING.reps, whole: true }) ?? 0,
    rpe: rpeOf(cell, at),
    // Strong writes a warm-up set's order as "W" (and "D"/"F" for drop and failure sets, which are working sets).
    warmup: /^w$/i.test(order),
    distance,
    distanceUnit: distance === null ? null : distanceUnit,
    seconds: number(cell('Seconds'), at('Seconds'), { max: TRAINING.setSeconds }),
  };
};

const unitOf = (text: string, where: string): WeightUnit => {
  const t = text.trim().toLowerCase();
  if (t === 'kg' || t === 'kgs') return 'kg';
  if (t === 'lb' || t === 'lbs' || t === '') return 'lb';
  return fail(where, `"${text}" is not a weight unit`);
};

const STRONG_OLD: Format = {
  source: 'strong',
  separator: ';',
  columns: ['Date', 'Workout Name', 'Exercise Name', 'Set Order', 'Weight', 'Weight Unit', 'Reps', 'RPE', 'Distance', 'Distance Unit', 'Seconds', 'Notes', 'Workout Notes'],
  keyOf: (cell) => `${cell('Date')}\u0000${cell('Workout Name')}`,
  workoutOf: (cell, at, reader) => ({
    name: text(cell, 'Workout Name'),
    startedAt: startOf(cell, 'Date', at, reader),
    durationMinutes: minutesOf(cell('Workout Duration'), at('Workout Duration')),
  }),
  setOf: (cell, at, reader) => {
    const unit = cell('Weight Unit').trim() === '' ? reader.units : unitOf(cell('Weight Unit'), at('Weight Unit'));
    const set = strongSet(cell, at, unit, 'km');
    const d = cell('Distance Unit').trim().toLowerCase();
    return set.distance === null ? set : { ...set, distanceUnit: d === 'mi' || d === 'miles' ? 'mi' : 'km' };
  },
};

const STRONG: Format = {
  source: 'strong',
  separator: ',',
  columns: ['Date', 'Workout Name', 'Duration', 'Exercise Name', 'Set Order', 'Weight', 'Reps', 'Distance', 'Seconds', 'Notes', 'Workout Notes', 'RPE'],
  keyOf: (cell) => `${cell('Date')}\u0000${cell('Workout Name')}`,
  workoutOf: (cell, at, reader) => ({
    name: text(cell, 'Workout Name'),
    startedAt: startOf(cell, 'Date', at, reader),
    durationMinutes: minutesOf(cell('Duration'), at('Duration')),
  }),
  // This export writes weights (and distances) in the unit the user chose in Strong, without saying which.
  setOf: (cell, at, reader) => strongSet(cell, at, reader.units, reader.units === 'kg' ? 'km' : 'mi'),
};

/** Hevy names the weight and distance columns by their unit; `hevyOf` picks the file's. */
function hevyOf(weight: 'weight_lbs' | 'weight_kg', distanceColumn: 'distance_miles' | 'distance_km'): Format {
  const unit: WeightUnit = weight === 'weight_kg' ? 'kg' : 'lb';
  return {
    source: 'hevy',
    separator: ',',
    columns: ['title', 'start_time', 'end_time', 'description', 'exercise_title', 'superset_id', 'exercise_notes', 'set_index', 'set_type', weight, 'reps', distanceColumn, 'duration_seconds', 'rpe'],
    keyOf: (cell) => `${cell('start_time')}\u0000${cell('title')}`,
    workoutOf: (cell, at, reader) => {
      const startedAt = startOf(cell, 'start_time', at, reader);
      const end = cell('end_time').trim();
      const endedAt = end === '' ? startedAt : instantOf(end, at('end_time'), reader.timeZone);
      const durationMinutes = Math.max(0, Math.round((Date.parse(endedAt) - Date.parse(startedAt)) / 60_000));
      if (durationMinutes > TRAINING.workoutMinutes) fail(at('end_time'), `"${end}" is more than ${TRAINING.workoutMinutes / 60} hours after the start: a workout lasts at most a day`);
      return { name: text(cell, 'title'), startedAt, durationMinutes };
    },
    setOf: (cell, at) => {
      const type = cell('set_type').trim().toLowerCase();
      if (!['', 'normal', 'warmup', 'failure', 'dropset'].includes(type)) fail(at('set_type'), `"${type}" is not a set type`);
      const distance = number(cell(distanceColumn), at(distanceColumn), { max: TRAINING.distance });
      return {
        exerciseName: required(cell, 'exercise_title', at),
        weight: number(cell(weight), at(weight), { max: MAX_WEIGHT[unit] }) ?? 0,
        unit,
        reps: number(cell('reps'), at('reps'), { max: TRAINING.reps, whole: true }) ?? 0,
        rpe: rpeOf(cell, at, 'rpe'),
        warmup: type === 'warmup',
        distance,
        distanceUnit: distance === null ? null : distanceColumn === 'distance_km' ? 'km' : 'mi',
        seconds: number(cell('duration_seconds'), at('duration_seconds'), { max: TRAINING.setSeconds }),
      };
    },
  };
}

const FORMATS: Format[] = [STRONG_OLD, STRONG, ...(['weight_lbs', 'weight_kg'] as const).flatMap((w) => (['distance_miles', 'distance_km'] as const).map((d) => hevyOf(w, d)))];

/** The format whose columns the header starts with (Strong's older export may add "Workout Duration"). */
async function formatOf(first: string): Promise<{ format: Format; header: string[] }> {
  for (const format of FORMATS) {
    let header: string[] = [];
    for await (const record of csvRecords(first, format.separator)) {
      header = record.cells.map((c) => c.trim());
      break;
    }
    if (format.columns.every((c, i) => header[i] === c)) return { format, header };
  }
  throw new BadFile('Line 1: the header is not that of a Strong or Hevy export (see the formats under Import workouts)');
}

/**
 * A Strong or Hevy export as workouts, the format told by its header. Any row the importer cannot read refuses the
 * whole file (BadFile, naming the line and column): a half-read history would be worse than none.
 */
export async function parseExport(file: string, reader: Reader): Promise<ParsedFile> {
  const firstLineEnd = file.search(/\r?\n/);
  const { format, header } = await formatOf(firstLineEnd === -1 ? file : file.slice(0, firstLineEnd));
  const index = new Map(header.map((c, i) => [c, i]));
  const workouts = new Map<string, FileWorkout>();
  let rows = 0;
  let record: CsvRecord | undefined;
  const cell: Cells = (name) => {
    const i = index.get(name);
    return i === undefined ? '' : (record!.cells[i] ?? '');
  };
  const at: Where = (column) => `Line ${record!.line}, column ${column}`;
  const slices = new Slices();
  try {
    for await (record of csvRecords(file, format.separator)) {
      if (record.line === 1) continue;
      rows += 1;
      if (rows > MAX_IMPORT_ROWS) throw new BadFile(`The file has more than ${MAX_IMPORT_ROWS} rows; split it by date and import each part`);
      if (rows % ROWS_PER_CHECK === 0) await slices.check();
      const key = format.keyOf(cell);
      let workout = workouts.get(key);
      if (!workout) workouts.set(key, (workout = { ...format.workoutOf(cell, at, reader), sets: [] }));
      if (workout.sets.length === TRAINING.setsPerWorkout) fail(`Line ${record.line}`, `the workout "${workout.name}" has more than ${TRAINING.setsPerWorkout} sets`);
      workout.sets.push(format.setOf(cell, at, reader));
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new BadFile(error.message);
    throw error;
  }
  if (rows === 0) throw new BadFile('The file has a header but no sets');
  return { source: format.source, rows, workouts: [...workouts.values()].sort((a, b) => a.startedAt.localeCompare(b.startedAt)) };
}
