import type { ImportSource } from '../../../../events/imports.js';
import type { WeightUnit } from '../../../../events/sets.js';
import { csvRecords, CsvSyntaxError, unneutralised, type CsvRecord } from '../../../platform/csv.js';
import { instantOfWallClock } from '../../../platform/time.js';
import { Slices } from '../../../platform/turns.js';

/** The most rows one file may hold: about thirty years of a lifter's sets, and a bound on one import's work. */
export const MAX_ROWS = 200_000;
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

/** What reading a file needs of the user: the zone a time without one is read in, and the unit a unitless weight is in. */
export interface Reader {
  timeZone: string;
  units: WeightUnit;
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
  if (value < min || value > max) return fail(where, `${t} is not between ${min} and ${max}`);
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
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(utc);
  if (mo < 1 || mo > 12 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return fail(where, `"${t}" is not a date`);
  if (zone === undefined) return instantOfWallClock(utc, timeZone).toISOString();
  if (/^z$/i.test(zone)) return back.toISOString();
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.replace(/[^0-9]/g, '');
  return new Date(utc - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000).toISOString();
}

/** "1h 5m", "45m", "1h", "30s", or a number of seconds, as whole minutes. */
export function minutesOf(text: string, where: string): number {
  const t = text.trim();
  if (t === '') return 0;
  if (/^\d+(\.\d+)?$/.test(t)) return Math.round(Number(t) / 60);
  const m = /^(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?\s*(?:(\d+)\s*s)?$/i.exec(t);
  if (!m || (!m[1] && !m[2] && !m[3])) return fail(where, `"${t}" is not a duration`);
  return Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0) + Math.round(Number(m[3] ?? 0) / 60);
}

const MAX_WEIGHT = { lb: 2000, kg: 907 };
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
  const distance = number(cell('Distance'), at('Distance'), { max: 100_000 });
  return {
    exerciseName: required(cell, 'Exercise Name', at),
    weight: number(cell('Weight'), at('Weight'), { max: MAX_WEIGHT[unit] }) ?? 0,
    unit,
    reps: number(cell('Reps'), at('Reps'), { max: 10_000, whole: true }) ?? 0,
    rpe: rpeOf(cell, at),
    // Strong writes a warm-up set's order as "W" (and "D"/"F" for drop and failure sets, which are working sets).
    warmup: /^w$/i.test(order),
    distance,
    distanceUnit: distance === null ? null : distanceUnit,
    seconds: number(cell('Seconds'), at('Seconds'), { max: 1_000_000 }),
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
    startedAt: instantOf(cell('Date'), at('Date'), reader.timeZone),
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
    startedAt: instantOf(cell('Date'), at('Date'), reader.timeZone),
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
      const startedAt = instantOf(cell('start_time'), at('start_time'), reader.timeZone);
      const end = cell('end_time').trim();
      const endedAt = end === '' ? startedAt : instantOf(end, at('end_time'), reader.timeZone);
      return { name: text(cell, 'title'), startedAt, durationMinutes: Math.max(0, Math.round((Date.parse(endedAt) - Date.parse(startedAt)) / 60_000)) };
    },
    setOf: (cell, at) => {
      const type = cell('set_type').trim().toLowerCase();
      if (!['', 'normal', 'warmup', 'failure', 'dropset'].includes(type)) fail(at('set_type'), `"${type}" is not a set type`);
      const distance = number(cell(distanceColumn), at(distanceColumn), { max: 100_000 });
      return {
        exerciseName: required(cell, 'exercise_title', at),
        weight: number(cell(weight), at(weight), { max: MAX_WEIGHT[unit] }) ?? 0,
        unit,
        reps: number(cell('reps'), at('reps'), { max: 10_000, whole: true }) ?? 0,
        rpe: rpeOf(cell, at, 'rpe'),
        warmup: type === 'warmup',
        distance,
        distanceUnit: distance === null ? null : distanceColumn === 'distance_km' ? 'km' : 'mi',
        seconds: number(cell('duration_seconds'), at('duration_seconds'), { max: 1_000_000 }),
      };
    },
  };
}

const FORMATS: Format[] = [STRONG_OLD, STRONG, ...(['weight_lbs', 'weight_kg'] as const).flatMap((w) => (['distance_miles', 'distance_km'] as const).map((d) => hevyOf(w, d)))];

/** The format whose columns the header starts with (Strong's older export may add "Workout Duration"). */
function formatOf(first: string): { format: Format; header: string[] } {
  for (const format of FORMATS) {
    const header = [...csvRecords(first, format.separator)][0]?.cells.map((c) => c.trim()) ?? [];
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
  const { format, header } = formatOf(firstLineEnd === -1 ? file : file.slice(0, firstLineEnd));
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
    for (record of csvRecords(file, format.separator)) {
      if (record.line === 1) continue;
      rows += 1;
      if (rows > MAX_ROWS) throw new BadFile(`The file has more than ${MAX_ROWS} rows; split it by date and import each part`);
      if (rows % ROWS_PER_CHECK === 0) await slices.check();
      const key = format.keyOf(cell);
      let workout = workouts.get(key);
      if (!workout) workouts.set(key, (workout = { ...format.workoutOf(cell, at, reader), sets: [] }));
      workout.sets.push(format.setOf(cell, at, reader));
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new BadFile(error.message);
    throw error;
  }
  if (rows === 0) throw new BadFile('The file has a header but no sets');
  return { source: format.source, rows, workouts: [...workouts.values()].sort((a, b) => a.startedAt.localeCompare(b.startedAt)) };
}
