import { AHEAD_MS, inYears, MAX_IMPORT_ROWS, MAX_WEIGHT, TRAINING, YEARS } from '../../../../events/bounds.js';
import type { ImportSource, ImportedSetType } from '../../../../events/imports.js';
import type { WeightUnit } from '../../../../contract/weightUnits.js';
import type { DateOrder, DatesAnswer, UnitAnswer } from '../../../../contract/imports/importAnswer.js';
import { csvRecords, CsvSyntaxError, unneutralised, type CsvRecord } from '../../../platform/csv.js';
import { instantOfWallClock } from '../../../platform/time.js';
import { Slices } from '../../../platform/turns.js';
import { inferUnit } from './units.js';

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
  setType?: ImportedSetType;
  distance: number | null;
  distanceUnit: 'km' | 'mi' | null;
  seconds: number | null;
  notes?: string;
}

export interface FileWorkout {
  name: string;
  startedAt: string;
  durationMinutes: number;
  notes?: string;
  sets: FileSet[];
}

export interface ParsedFile {
  source: ImportSource;
  /** The layout recognised, in words. */
  layout: string;
  /** Set rows read (rows of a rest timer are not sets). */
  rows: number;
  workouts: FileWorkout[];
  /** The unit the weights the file gives none for are read in, and how it was settled. */
  unit: UnitAnswer;
  /** The order day and month are read in where the file writes dates with slashes, and how it was settled; null without such dates. */
  dates: DatesAnswer | null;
}

/**
 * What reading a file needs: the user's zone a time without one is read in, the profile's unit, the unit the person
 * chose for weights the file gives none for (`?unit=`), and the server's clock (epoch ms), which no workout of the
 * file starts more than `AHEAD_MS` after.
 */
export interface Reader {
  timeZone: string;
  units: WeightUnit;
  chosen?: WeightUnit;
  /** The order of day and month the person chose for slashed dates that read either way (`?dates=`). */
  dateOrder?: DateOrder;
  now: number;
}

/** What a row of either app says, whatever its column is called in the file. */
type Field =
  | 'date'
  | 'end'
  | 'workout'
  | 'duration'
  | 'exercise'
  | 'order'
  | 'setType'
  | 'weight'
  | 'unit'
  | 'reps'
  | 'rpe'
  | 'distance'
  | 'distanceUnit'
  | 'seconds'
  | 'notes'
  | 'workoutNotes';

/**
 * Words that name Strong's columns, as `headerWord` writes them (lower case, no accents, no brackets): the English
 * ones Strong writes first, then translations of them into other languages, which are ours, not read off Strong's
 * own files. They confirm a layout told by the order and values of its columns (`STRONG_LAYOUTS`), where a word that
 * names another column rules a layout out, and they read a header whose columns come in an order of no layout. A
 * language missing here costs nothing where the file is one of Strong's layouts.
 */
const STRONG_COLUMNS: Record<Exclude<Field, 'end' | 'setType'>, string[]> = {
  date: ['date', 'datum', 'fecha', 'data'],
  workout: ['workout name', 'nom de l entrainement', 'nom d entrainement', 'nom de la seance', 'trainingsname', 'name des trainings', 'nombre del entrenamiento', 'nombre de entrenamiento', 'nome dell allenamento', 'nome do treino', 'trainingsnaam', 'naam van de training'],
  duration: ['duration', 'workout duration', 'duree', 'duree de l entrainement', 'duree d entrainement', 'dauer', 'trainingsdauer', 'duracion', 'durata', 'duracao', 'duur'],
  exercise: ['exercise name', 'nom de l exercice', 'nom d exercice', 'exercice', 'ubungsname', 'name der ubung', 'ubung', 'nombre del ejercicio', 'ejercicio', 'nome dell esercizio', 'esercizio', 'nome do exercicio', 'exercicio', 'naam van de oefening', 'oefening'],
  order: ['set order', 'ordre des series', 'ordre de la serie', 'ordre de serie', 'satzreihenfolge', 'reihenfolge', 'orden de la serie', 'orden de series', 'ordine delle serie', 'ordine della serie', 'ordem da serie', 'ordem das series', 'setvolgorde', 'volgorde'],
  weight: ['weight', 'poids', 'gewicht', 'peso'],
  unit: ['weight unit', 'unite de poids', 'unite du poids', 'gewichtseinheit', 'unidad de peso', 'unita di peso', 'unidade de peso', 'gewichtseenheid'],
  reps: ['reps', 'repetitions', 'wiederholungen', 'wdh', 'repeticiones', 'ripetizioni', 'repeticoes', 'herhalingen'],
  rpe: ['rpe'],
  distance: ['distance', 'distanz', 'entfernung', 'strecke', 'distancia', 'distanza', 'afstand'],
  distanceUnit: ['distance unit', 'unite de distance', 'distanzeinheit', 'entfernungseinheit', 'unidad de distancia', 'unita di distanza', 'unidade de distancia', 'afstandseenheid'],
  seconds: ['seconds', 'secondes', 'sekunden', 'segundos', 'secondi', 'seconden'],
  notes: ['notes', 'notizen', 'notas', 'note', 'notities'],
  workoutNotes: ['workout notes', 'notes d entrainement', 'notes de l entrainement', 'notes de la seance', 'trainingsnotizen', 'notizen zum training', 'notas del entrenamiento', 'notas de entrenamiento', 'note dell allenamento', 'notas do treino', 'trainingsnotities'],
};
/** Without these a file is no Strong export: every other column is one some version of it lacks. */
const STRONG_NEEDS: Field[] = ['date', 'exercise', 'order', 'weight', 'reps'];

/** Hevy's columns (its export is not translated); the weight and distance columns are named by their unit. */
const HEVY_COLUMNS: Record<string, Field> = {
  title: 'workout',
  'start time': 'date',
  'end time': 'end',
  description: 'workoutNotes',
  'exercise title': 'exercise',
  'exercise notes': 'notes',
  'set type': 'setType',
  'weight kg': 'weight',
  'weight lbs': 'weight',
  'weight lb': 'weight',
  reps: 'reps',
  'distance km': 'distance',
  'distance miles': 'distance',
  'duration seconds': 'seconds',
  rpe: 'rpe',
};
const HEVY_NEEDS: Field[] = ['workout', 'date', 'exercise', 'setType', 'weight', 'reps'];

/** A header cell as the tables above spell it: lower case, without accents, brackets or punctuation. */
const headerWord = (cell: string) =>
  cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^a-z0-9#]+/g, ' ')
    .trim();
/** The unit a header cell names in brackets ("Weight (kg)", "Distance (meters)"), or Hevy's in its name. */
const headerUnit = (cell: string) => (/\(([^)]*)\)/.exec(cell)?.[1] ?? /_(kg|lbs?|km|miles)$/i.exec(cell.trim())?.[1] ?? '').trim().toLowerCase();

/** A file's layout: which app, which column holds what, and what its header says of the units. */
interface Layout {
  source: ImportSource;
  separator: string;
  columns: Partial<Record<Field, number>>;
  /** The weights' unit where the header names it. */
  weightUnit: WeightUnit | null;
  /** Distances as the header names their unit; meters are read as km. */
  distanceUnit: 'km' | 'mi' | 'm' | null;
  /**
   * What the header's words said: all English, known words of another language, or (`unknown`) words this importer
   * does not know, the columns told by Strong's layout of that many columns (its name) and the shapes of their values.
   */
  header: { words: 'english' | 'translated' } | { words: 'unknown'; layout: string };
}

const WEIGHT_UNITS_SAID: Record<string, WeightUnit> = { kg: 'kg', kgs: 'kg', kilograms: 'kg', lb: 'lb', lbs: 'lb', pounds: 'lb' };
const DISTANCE_UNITS_SAID: Record<string, 'km' | 'mi' | 'm'> = { km: 'km', kilometers: 'km', kilometres: 'km', mi: 'mi', miles: 'mi', m: 'm', meters: 'm', metres: 'm', metros: 'm', meter: 'm', metre: 'm', metri: 'm' };

/**
 * The layouts Strong has shipped, each as its columns in order (null: a column read for nothing, the workout's
 * number). Strong translates its header with the app, so a file is read first by its layout: the one of as many
 * columns whose values have the shapes of its columns (`shapesFit`) and which no header word this importer knows
 * contradicts. The header's words alone are the second way, which reads a file whose columns come in another order.
 */
const STRONG_LAYOUTS: readonly { name: string; fields: readonly (Field | null)[] }[] = [
  { name: 'with a Weight Unit column', fields: ['date', 'workout', 'exercise', 'order', 'weight', 'unit', 'reps', 'rpe', 'distance', 'distanceUnit', 'seconds', 'notes', 'workoutNotes', 'duration'] },
  { name: 'with Duration and RPE', fields: ['date', 'workout', 'duration', 'exercise', 'order', 'weight', 'reps', 'distance', 'seconds', 'notes', 'workoutNotes', 'rpe'] },
  { name: 'without Duration and RPE', fields: ['date', 'workout', 'exercise', 'order', 'weight', 'reps', 'distance', 'seconds', 'notes', 'workoutNotes'] },
  { name: 'with a workout number', fields: [null, 'date', 'workout', 'duration', 'exercise', 'order', 'weight', 'reps', 'rpe', 'distance', 'seconds', 'notes', 'workoutNotes'] },
];

/** The Strong column a header word names, in any language of the table. */
const strongFieldOf = (word: string) => (Object.keys(STRONG_COLUMNS) as (keyof typeof STRONG_COLUMNS)[]).find((f) => STRONG_COLUMNS[f].includes(word));

/** Rows of a file looked at to tell its layout by the shapes of its values. */
const SAMPLE_ROWS = 20;
const NUMBER_SHAPE = /^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/;
/** What a cell of each column looks like in a Strong export, empty aside (a column a set does not use). */
const SHAPES: Partial<Record<Field, (cell: string) => boolean>> = {
  date: (c) => DATE_SHAPES.some((shape) => shape.test(c)),
  order: (c) => SET_ORDER.test(c),
  weight: (c) => NUMBER_SHAPE.test(c),
  reps: (c) => /^\d+$/.test(c),
  rpe: (c) => NUMBER_SHAPE.test(c),
  distance: (c) => NUMBER_SHAPE.test(c),
  seconds: (c) => NUMBER_SHAPE.test(c),
  unit: (c) => c.toLowerCase() in WEIGHT_UNITS_SAID,
  distanceUnit: (c) => c.toLowerCase() in DISTANCE_UNITS_SAID,
  duration: (c) => /\d/.test(c),
};

/**
 * Whether the sample's rows have the shapes of a layout's columns: the date and the set order filled in on every row
 * that holds a set (one without a weight and reps is a rest timer's, whatever its words), each other column empty or
 * of its shape. Most rows must fit, not all: a row the importer cannot read is then refused by its line and column.
 */
function shapesFit(fields: readonly (Field | null)[], sample: string[][]): boolean {
  const at = (row: string[], field: Field) => (row[fields.indexOf(field)] ?? '').trim();
  const sets = sample.filter((row) => row.length === fields.length && !(at(row, 'weight') === '' && at(row, 'reps') === '' && !SET_ORDER.test(at(row, 'order'))));
  if (sets.length === 0) return false;
  const fitting = sets.filter((row) =>
    fields.every((field) => {
      if (field === null) return true;
      const cell = at(row, field);
      if (field === 'date' || field === 'order' || field === 'exercise') return cell !== '' && (SHAPES[field]?.(cell) ?? true);
      return cell === '' || (SHAPES[field]?.(cell) ?? true);
    }),
  );
  return fitting.length * 2 > sets.length;
}

function layoutOf(header: string[], separator: string, sample: string[][]): Layout | undefined {
  const words = header.map(headerWord);
  const hevy = words.includes('exercise title') && words.includes('start time');
  const unitsOf = (columns: Partial<Record<Field, number>>) => {
    const said = (field: Field) => (columns[field] === undefined ? '' : headerUnit(header[columns[field]]!));
    return { weightUnit: WEIGHT_UNITS_SAID[said('weight')] ?? null, distanceUnit: DISTANCE_UNITS_SAID[said('distance')] ?? null };
  };
  /** English where every column read is called by its English name (Duration has several). */
  const language = (columns: Partial<Record<Field, number>>) =>
    (Object.entries(columns) as [Field, number][]).every(([field, i]) => field === 'duration' || STRONG_COLUMNS[field as keyof typeof STRONG_COLUMNS]?.[0] === words[i]) ? ('english' as const) : ('translated' as const);
  if (hevy) {
    const columns: Partial<Record<Field, number>> = {};
    words.forEach((word, i) => {
      const field = HEVY_COLUMNS[word];
      if (field !== undefined && columns[field] === undefined) columns[field] = i;
    });
    if (!HEVY_NEEDS.every((f) => columns[f] !== undefined)) return undefined;
    return { source: 'hevy', separator, columns, ...unitsOf(columns), header: { words: 'english' } };
  }
  const named = words.map(strongFieldOf);
  for (const { name, fields } of STRONG_LAYOUTS) {
    if (fields.length !== header.length || named.some((field, i) => field !== undefined && field !== fields[i])) continue;
    const columns: Partial<Record<Field, number>> = {};
    fields.forEach((field, i) => {
      if (field !== null) columns[field] = i;
    });
    const unknown = fields.some((field, i) => field !== null && named[i] === undefined);
    if (unknown && !shapesFit(fields, sample)) continue;
    return { source: 'strong', separator, columns, ...unitsOf(columns), header: unknown ? { words: 'unknown', layout: name } : { words: language(columns) } };
  }
  const columns: Partial<Record<Field, number>> = {};
  named.forEach((field, i) => {
    if (field !== undefined && columns[field] === undefined) columns[field] = i;
  });
  if (!STRONG_NEEDS.every((f) => columns[f] !== undefined)) return undefined;
  return { source: 'strong', separator, columns, ...unitsOf(columns), header: { words: language(columns) } };
}

/** The list separator of a header line: the one of `,`, `;` and tab found most often outside quotes. */
function separatorOf(line: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c in counts) counts[c]! += 1;
  }
  return Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![0];
}

const LAYOUTS_HINT = 'the layouts this importer reads are listed under Import workouts on your profile';

/** Strong's layouts as a refusal names them, by their column counts ("10, 12, 13 or 14"); the import screen lists their columns. */
const STRONG_COUNTS = (() => {
  const counts = [...new Set(STRONG_LAYOUTS.map((l) => l.fields.length))].sort((a, b) => a - b);
  return `${counts.slice(0, -1).join(', ')} or ${counts[counts.length - 1]}`;
})();

/**
 * The file's layout, told by its header and its first rows; a file of neither app is refused, saying what was looked
 * for and what the file lacks.
 */
async function layoutOfFile(file: string): Promise<{ layout: Layout; header: string[] }> {
  const firstLineEnd = file.search(/\r?\n/);
  const separator = separatorOf(firstLineEnd === -1 ? file : file.slice(0, firstLineEnd));
  let header: string[] = [];
  const sample: string[][] = [];
  for await (const record of csvRecords(file, separator)) {
    if (record.line === 1) header = record.cells.map((c) => c.trim());
    else sample.push(record.cells);
    if (sample.length === SAMPLE_ROWS) break;
  }
  const layout = layoutOf(header, separator, sample);
  if (layout) return { layout, header };
  const words = new Set(header.map(headerWord));
  if (words.has('exercise title')) {
    const missing = Object.keys(HEVY_COLUMNS).filter((w) => HEVY_NEEDS.includes(HEVY_COLUMNS[w]!) && !words.has(w) && !w.startsWith('weight l')).map((w) => w.replace(/ /g, '_'));
    throw new BadFile(`Line 1: this header is Hevy's without its ${missing.map((m) => `"${m}"`).join(', ')} column: a Hevy export has title, start_time, exercise_title, set_type, weight_kg or weight_lbs, and reps (${LAYOUTS_HINT})`);
  }
  const missing = STRONG_NEEDS.filter((f) => !STRONG_COLUMNS[f as keyof typeof STRONG_COLUMNS].some((w) => words.has(w))).map((f) => STRONG_COLUMNS[f as keyof typeof STRONG_COLUMNS][0]!);
  throw new BadFile(
    `Line 1: this header is neither Strong's nor Hevy's export. Strong's has the ${STRONG_COUNTS} columns Strong writes, in its order and in any language, or columns called Date, Exercise Name, Set Order, Weight and Reps; Hevy's has title, start_time, exercise_title, set_type, weight_kg or weight_lbs, and reps. This file has ${header.length} columns, none called ${missing.map((m) => `"${m}"`).join(', ')} (${LAYOUTS_HINT})`,
  );
}

type Cells = (field: Field) => string;
/** Finds a cell's column for an error message. */
type Where = (field: Field) => string;

const fail = (where: string, message: string): never => {
  throw new BadFile(`${where}: ${message}`);
};

/** A number as written, a decimal comma read as a point (the `;` exports of countries that write one). */
function number(text: string, where: string, { min = 0, max, whole = false }: { min?: number; max: number; whole?: boolean }): number | null {
  let t = text.trim();
  if (t === '') return null;
  if (t.includes(',') && /^[+-]?\d+,\d+$/.test(t)) t = t.replace(',', '.');
  const value = Number(t);
  if (!Number.isFinite(value) || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return fail(where, `"${text.trim()}" is not a number`);
  if (whole && !Number.isInteger(value)) return fail(where, `"${text.trim()}" is not a whole number`);
  if (value < min) return fail(where, `${t} must be at least ${min}`);
  if (value > max) return fail(where, `${t} must be at most ${max}`);
  return value;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * An instant from the dates the apps write: "2019-01-11 12:31:54" (Strong), "26 Jul 2025, 07:06" (Hevy),
 * "11.01.2019 12:31" (a dotted day first), "29/11/2026 07:15" or "11/29/2026 7:15 AM" (slashed, in the `order` the
 * whole file settles: `dateOrderOf`), or an ISO time. Without a zone it is the user's wall clock.
 */
export function instantOf(text: string, where: string, timeZone: string, order?: DateOrder): string {
  const t = text.trim();
  const slashed = SLASHED.exec(t);
  const iso = ISO_DATE.exec(t);
  const hevy = HEVY_DATE.exec(t);
  const dotted = DOTTED_DATE.exec(t);
  let parts: number[] | undefined;
  let zone: string | undefined;
  if (iso) {
    parts = [1, 2, 3, 4, 5, 6].map((i) => Number(iso[i] ?? 0));
    zone = iso[7];
  } else if (hevy) {
    const month = MONTHS.indexOf(hevy[2]!.toLowerCase()) + 1;
    if (month > 0) parts = [Number(hevy[3]), month, Number(hevy[1]), Number(hevy[4]), Number(hevy[5]), Number(hevy[6] ?? 0)];
  } else if (dotted) parts = [3, 2, 1, 4, 5, 6].map((i) => Number(dotted[i] ?? 0));
  else if (slashed) {
    if (!order) return fail(where, `"${t}" reads either way, day first or month first`);
    const hour = hourOf(Number(slashed[4]), slashed[7]);
    if (hour === undefined) return fail(where, `"${t}" is not a time of day`);
    parts = [Number(slashed[3]), Number(slashed[order === 'dmy' ? 2 : 1]), Number(slashed[order === 'dmy' ? 1 : 2]), hour, Number(slashed[5]), Number(slashed[6] ?? 0)];
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

/** A date written with slashes, day or month first as the app's language writes them, the time in 24 or 12 hours. */
const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{4}),?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?\s?m\.?)?$/i;
/** Strong's "2019-01-11 12:31:54", or an ISO time with its zone. */
const ISO_DATE = /^(\d{4})[-/](\d{2})[-/](\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
/** Hevy's "26 Jul 2025, 07:06". */
const HEVY_DATE = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))?$/;
/** A dotted day first, "11.01.2019 12:31". */
const DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))?$/;
/** Every way of writing a date this importer reads. */
const DATE_SHAPES = [ISO_DATE, HEVY_DATE, DOTTED_DATE, SLASHED];

/** The hour of a 12-hour time ("7 PM" is 19, "12 AM" is 0), or of a 24-hour one without AM or PM. */
function hourOf(hour: number, half: string | undefined): number | undefined {
  if (half === undefined) return hour;
  if (hour < 1 || hour > 12) return undefined;
  return (hour % 12) + (/^p/i.test(half) ? 12 : 0);
}

/**
 * What the file's slashed dates say of their order: a first number past 12 is a day (day first), a second one past
 * 12 a day (month first). One file is written in one language, so one such date settles every other; a file holding
 * both is refused, naming a line of each.
 */
export class DateOrderEvidence {
  private dayFirst?: { text: string; line: string };
  private monthFirst?: { text: string; line: string };
  /** Whether the file writes any date with slashes. */
  seen = false;

  /** Takes a date cell as written; whether it is slashed. */
  read(text: string, where: string): boolean {
    const slashed = SLASHED.exec(text.trim());
    if (!slashed) return false;
    this.seen = true;
    const line = where.replace(/,.*$/, '');
    if (Number(slashed[1]) > 12) this.dayFirst ??= { text: text.trim(), line };
    if (Number(slashed[2]) > 12) this.monthFirst ??= { text: text.trim(), line };
    return true;
  }

  /** The order the dates are read in, how it was settled and why; a file that reads either way needs the person's choice. */
  settle(chosen: DateOrder | undefined, example: { text: string; line: string }): DatesAnswer | null {
    if (!this.seen) return null;
    const { dayFirst, monthFirst } = this;
    if (dayFirst && monthFirst) throw new BadFile(`${dayFirst.line}: "${dayFirst.text}" writes the day first and ${monthFirst.line.toLowerCase()}: "${monthFirst.text}" the month first; a file writes its dates in one order`);
    const settled = dayFirst ?? monthFirst;
    if (settled) {
      const order: DateOrder = dayFirst ? 'dmy' : 'mdy';
      return { order, source: 'file', why: `${settled.line} writes "${settled.text}", which has a day past the 12th ${order === 'dmy' ? 'first' : 'second'}: dates are read ${DATE_ORDER_WORDS[order]}.` };
    }
    if (chosen) return { order: chosen, source: 'chosen', why: `No date of the file has a day past the 12th, so it reads either way: dates are read ${DATE_ORDER_WORDS[chosen]}.` };
    throw new BadFile(`${example.line}: "${example.text}" and every other date of the file read either way, day first or month first; say which the file uses (dates=dmy for day first, dates=mdy for month first)`);
  }
}

const DATE_ORDER_WORDS: Record<DateOrder, string> = { dmy: 'day first (day/month/year)', mdy: 'month first (month/day/year)' };

/** Seconds in each unit of a duration's parts, as the apps write them in their languages ("1h 5m", "1h 1min", "1 Std. 5 Min."). */
const DURATION_UNITS: Record<string, number> = {
  h: 3600, hr: 3600, hrs: 3600, hour: 3600, hours: 3600, std: 3600, stunde: 3600, stunden: 3600, heure: 3600, heures: 3600, hora: 3600, horas: 3600, ora: 3600, ore: 3600, u: 3600, uur: 3600,
  m: 60, min: 60, mins: 60, minute: 60, minutes: 60, minuten: 60, minuto: 60, minutos: 60, minuti: 60,
  s: 1, sec: 1, secs: 1, second: 1, seconds: 1, seconde: 1, secondes: 1, sek: 1, sekunden: 1, seg: 1, segundos: 1, secondi: 1,
};

/** "1h 5m", "1h 1min", "45m", "1:05:00", or a number of seconds, as whole minutes; a workout lasts at most a day. */
export function minutesOf(text: string, where: string): number {
  const t = text.trim();
  if (t === '') return 0;
  let seconds: number | undefined;
  const clock = /^(\d+):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (/^\d+([.,]\d+)?$/.test(t)) seconds = Number(t.replace(',', '.'));
  else if (clock) seconds = Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0);
  else {
    let total = 0;
    const rest = t.toLowerCase().replace(/(\d+)\s*([a-z]+)\.?/g, (_all, n: string, unit: string) => {
      const each = DURATION_UNITS[unit];
      if (each === undefined) return _all;
      total += Number(n) * each;
      return '';
    });
    if (rest.trim() === '') seconds = total;
  }
  return seconds === undefined ? fail(where, `"${t}" is not a duration`) : wholeMinutes(seconds, t, where);
}

const wholeMinutes = (seconds: number, text: string, where: string): number => {
  const minutes = Math.round(seconds / 60);
  return minutes > TRAINING.workoutMinutes ? fail(where, `${text} is longer than ${TRAINING.workoutMinutes / 60} hours: a workout lasts at most a day`) : minutes;
};

/** A duration of two numbers, each with a word ("1 ч 5 мин"), and of one ("45 мин"), in any script. */
const TWO_PARTS = /^(\d+)\s*([^\d\s.]+)\.?\s*(\d+)\s*([^\d\s.]+)\.?$/u;
const ONE_PART = /^(\d+)\s*([^\d\s.]+)\.?$/u;

/**
 * A file's workout durations, in words the table (`DURATION_UNITS`) lacks too: Strong writes a workout's hours and
 * minutes, the larger first, so in "1 ч 5 мин" the first word names hours and the second minutes, and the file's
 * "45 мин" is read with what its other durations taught, once the whole file is read (`settle`).
 */
class Durations {
  private readonly hours = new Set<string>();
  private readonly minutes = new Set<string>();
  private readonly waiting: { text: string; where: string; set: (minutes: number) => void }[] = [];

  /** Gives `set` the duration's minutes, now or when the file is settled. */
  read(text: string, where: string, set: (minutes: number) => void): void {
    const t = text.trim();
    const known = (word: string) => word.toLowerCase() in DURATION_UNITS;
    const two = TWO_PARTS.exec(t);
    if (two && !(known(two[2]!) && known(two[4]!))) {
      this.hours.add(two[2]!.toLowerCase());
      this.minutes.add(two[4]!.toLowerCase());
      if (Number(two[3]) >= 60) fail(where, `"${t}" is not a duration: its minutes are ${two[3]}`);
      set(wholeMinutes(Number(two[1]) * 3600 + Number(two[3]) * 60, t, where));
      return;
    }
    const one = ONE_PART.exec(t);
    if (one && !known(one[2]!)) this.waiting.push({ text: t, where, set });
    else set(minutesOf(t, where));
  }

  /** Reads the durations of one word with the words the file's other durations taught; one still unknown is refused. */
  settle(): void {
    for (const { text, where, set } of this.waiting) {
      const [, n, word] = ONE_PART.exec(text)!;
      const w = word!.toLowerCase();
      const each = this.minutes.has(w) ? 60 : this.hours.has(w) ? 3600 : undefined;
      if (each === undefined) fail(where, `"${text}" is a duration in a word this importer does not know, and no duration of the file writes hours and minutes to tell it`);
      set(wholeMinutes(Number(n) * each!, text, where));
    }
  }
}

/** Strong's rows of a rest timer, in the languages it writes them: they are no sets. */
const REST_ROW = /rest|timer|repos|minuteur|pause|descanso|riposo|rust/i;
/** Strong's set orders: a set's number, or W (warm-up), D (drop set) and F (failure). */
const SET_ORDER = /^(\d+|[WDF])$/i;
const SET_TYPE_OF_ORDER: Record<string, ImportedSetType | undefined> = { d: 'drop', f: 'failure' };
const HEVY_SET_TYPES: Partial<Record<string, ImportedSetType | 'warmup' | null>> = { '': null, normal: null, warmup: 'warmup', failure: 'failure', dropset: 'drop' };

const unitOf = (text: string, where: string): WeightUnit | null => {
  const t = text.trim().toLowerCase();
  if (t === '') return null;
  return WEIGHT_UNITS_SAID[t] ?? fail(where, `"${text}" is not a weight unit`);
};

/**
 * A Strong or Hevy export as workouts, the app and layout told by what its header's columns are called. Any row the
 * importer cannot read refuses the whole file (BadFile, naming the line and column): a half-read history would be
 * worse than none. Weights the file gives no unit for are read in the unit chosen, else the one their steps and
 * sizes say (`inferUnit`), else the profile's; the answer says which and why.
 */
export async function parseExport(file: string, reader: Reader): Promise<ParsedFile> {
  let told;
  try {
    told = await layoutOfFile(file);
  } catch (error) {
    throw error instanceof CsvSyntaxError ? new BadFile(error.message) : error;
  }
  const { layout, header } = told;
  const { columns, source } = layout;
  const workouts = new Map<string, FileWorkout>();
  /** Sets the file gives no unit for, settled once the whole file is read. */
  const unitless: FileSet[] = [];
  let rows = 0;
  let restRows = 0;
  let record: CsvRecord | undefined;
  const cell: Cells = (field) => {
    const i = columns[field];
    return i === undefined ? '' : (record!.cells[i] ?? '');
  };
  const at: Where = (field) => `Line ${record!.line}, column ${header[columns[field]!] ?? field}`;
  const text = (field: Field) => unneutralised(cell(field).trim());
  const slices = new Slices();
  const evidence = new DateOrderEvidence();
  const durations = new Durations();
  /** Workouts whose dates are slashed: read once the whole file has said their order. */
  const undated: { workout: FileWorkout; dates: WorkoutDates }[] = [];
  let example: { text: string; line: string } | undefined;
  try {
    for await (record of csvRecords(file, layout.separator)) {
      if (record.line === 1) continue;
      let type: ImportedSetType | 'warmup' | null;
      if (source === 'strong') {
        const order = cell('order').trim();
        if (!SET_ORDER.test(order)) {
          // A rest timer's row, or a row with no set in it: Strong's newer exports write one after each set.
          if (REST_ROW.test(order) || (cell('weight').trim() === '' && cell('reps').trim() === '')) {
            restRows += 1;
            continue;
          }
          fail(at('order'), `"${order}" is not a set number`);
        }
        type = /^w$/i.test(order) ? 'warmup' : (SET_TYPE_OF_ORDER[order.toLowerCase()] ?? null);
      } else {
        const said = cell('setType').trim().toLowerCase();
        type = said in HEVY_SET_TYPES ? HEVY_SET_TYPES[said]! : fail(at('setType'), `"${said}" is not a set type`);
      }
      rows += 1;
      if (rows > MAX_IMPORT_ROWS) throw new BadFile(`The file has more than ${MAX_IMPORT_ROWS} rows; split it by date and import each part`);
      if (rows % ROWS_PER_CHECK === 0) await slices.check();
      const key = `${cell('date')}\u0000${cell('workout')}`;
      let workout = workouts.get(key);
      if (!workout) {
        const dates: WorkoutDates = { start: cell('date'), startAt: at('date'), end: layout.source === 'hevy' ? cell('end') : '', endAt: layout.source === 'hevy' ? at('end') : '' };
        const slashed = [evidence.read(dates.start, dates.startAt), dates.end !== '' && evidence.read(dates.end, dates.endAt)].some(Boolean);
        const read: FileWorkout = { name: text('workout'), startedAt: '', durationMinutes: 0, sets: [] };
        if (layout.source === 'strong') durations.read(cell('duration'), at('duration'), (minutes) => (read.durationMinutes = minutes));
        workout = read;
        if (slashed) {
          example ??= { text: dates.start.trim(), line: `Line ${record.line}` };
          undated.push({ workout, dates });
        } else Object.assign(workout, timesOf(layout, dates, reader));
        workouts.set(key, workout);
      }
      if (!workout.notes) {
        const notes = text('workoutNotes');
        if (notes) workout.notes = notes;
      }
      if (workout.sets.length === TRAINING.setsPerWorkout) fail(`Line ${record.line}`, `the workout "${workout.name}" has more than ${TRAINING.setsPerWorkout} sets`);
      const unit = layout.weightUnit ?? (columns.unit === undefined ? null : unitOf(cell('unit'), at('unit')));
      const set = setOf(layout, cell, at, text, unit, type);
      // Hevy's note is an exercise's, repeated on each of its rows (or some): it is kept once, on the exercise's first set
      // that is no warm-up (the Exercise Log leaves warm-ups out), else on its first.
      const holder = source === 'hevy' ? workout.sets.find((s) => s.exerciseName === set.exerciseName && s.notes !== undefined) : undefined;
      if (holder && (set.notes === undefined || set.notes === holder.notes)) {
        if (holder.warmup && !set.warmup) {
          set.notes = holder.notes!;
          delete holder.notes;
        } else delete set.notes;
      }
      workout.sets.push(set);
      if (unit === null) unitless.push(set);
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new BadFile(error.message);
    throw error;
  }
  if (rows === 0) throw new BadFile(restRows > 0 ? 'The file holds rest timers but no sets' : 'The file has a header but no sets');
  durations.settle();
  const unit = settleUnits(unitless, workouts, reader, layout);
  const dates = evidence.settle(reader.dateOrder, example ?? { text: '', line: 'Line 2' });
  for (const { workout, dates: written } of undated) {
    Object.assign(workout, timesOf(layout, written, reader, dates?.order));
    await slices.check();
  }
  return {
    source,
    layout: layoutWords(layout, header.length, restRows),
    rows,
    workouts: [...workouts.values()].sort((a, b) => a.startedAt.localeCompare(b.startedAt)),
    unit,
    dates,
  };
}

function layoutWords(layout: Layout, columns: number, restRows: number): string {
  const separator = layout.separator === ';' ? 'semicolons' : layout.separator === ',' ? 'commas' : 'tabs';
  return [
    `${layout.source === 'strong' ? 'Strong' : 'Hevy'} export, ${columns} columns separated by ${separator}`,
    ...(layout.header.words === 'translated' ? ['header not in English'] : []),
    ...(layout.header.words === 'unknown' ? [`header in words this importer does not know, its columns told by their order (Strong's layout ${layout.header.layout})`] : []),
    ...(restRows > 0 ? [`${restRows} rest timer rows left out`] : []),
  ].join(', ');
}

/** A workout's start and end as the file writes them, with where. */
interface WorkoutDates {
  start: string;
  startAt: string;
  end: string;
  endAt: string;
}

/**
 * When a workout started, no later than `AHEAD_MS` past the server's clock (a later one has not happened yet), and,
 * for Hevy, how long it lasted from its end; Strong's duration is a column of its own.
 */
function timesOf(layout: Layout, dates: WorkoutDates, reader: Reader, order?: DateOrder): { startedAt: string; durationMinutes?: number } {
  const startedAt = instantOf(dates.start, dates.startAt, reader.timeZone, order);
  if (Date.parse(startedAt) > reader.now + AHEAD_MS) fail(dates.startAt, `"${dates.start.trim()}" is in the future`);
  if (layout.source !== 'hevy') return { startedAt };
  const end = dates.end.trim();
  const endedAt = end === '' ? startedAt : instantOf(end, dates.endAt, reader.timeZone, order);
  const durationMinutes = Math.max(0, Math.round((Date.parse(endedAt) - Date.parse(startedAt)) / 60_000));
  if (durationMinutes > TRAINING.workoutMinutes) fail(dates.endAt, `"${end}" is more than ${TRAINING.workoutMinutes / 60} hours after the start: a workout lasts at most a day`);
  return { startedAt, durationMinutes };
}

function setOf(layout: Layout, cell: Cells, at: Where, text: (f: Field) => string, unit: WeightUnit | null, type: ImportedSetType | 'warmup' | null): FileSet {
  const exerciseName = text('exercise') || fail(at('exercise'), 'is empty');
  let distance = number(cell('distance'), at('distance'), { max: layout.distanceUnit === 'm' ? TRAINING.distance * 1000 : TRAINING.distance });
  let distanceUnit: 'km' | 'mi' | null = null;
  if (distance !== null) {
    const said = cell('distanceUnit').trim().toLowerCase();
    const d = layout.distanceUnit ?? DISTANCE_UNITS_SAID[said] ?? null;
    if (d === 'm') distance = Math.round(distance) / 1000;
    distanceUnit = d === 'm' ? 'km' : (d ?? (unit === null ? null : unit === 'kg' ? 'km' : 'mi'));
    // Strong writes 0 where a set has no distance.
    if (distance === 0) distance = null;
  }
  const rpe = number(cell('rpe'), at('rpe'), { max: TRAINING.rpe });
  const notes = text('notes');
  const seconds = number(cell('seconds'), at('seconds'), { max: TRAINING.setSeconds });
  return {
    exerciseName,
    // A unit the file does not say is settled once every weight is read; the larger bound holds meanwhile.
    weight: number(cell('weight'), at('weight'), { max: MAX_WEIGHT[unit ?? 'lb'] }) ?? 0,
    unit: unit ?? 'lb',
    reps: number(cell('reps'), at('reps'), { max: TRAINING.reps, whole: true }) ?? 0,
    // Strong writes 0 (or nothing) for a set without one.
    rpe: rpe === 0 ? null : rpe,
    warmup: type === 'warmup',
    ...(type === 'drop' || type === 'failure' ? { setType: type } : {}),
    distance,
    distanceUnit: distance === null ? null : distanceUnit,
    // Strong writes 0 where a set is not timed.
    seconds: seconds === 0 && distance === null ? null : seconds,
    ...(notes ? { notes } : {}),
  };
}

/**
 * The unit of the weights the file gives none for: the one chosen, else the one their steps and sizes say, else the
 * profile's. Distances without a unit follow it (km with kg, miles with lb).
 */
function settleUnits(unitless: FileSet[], workouts: Map<string, FileWorkout>, reader: Reader, layout: Layout): UnitAnswer {
  if (unitless.length === 0) {
    const counts = { kg: 0, lb: 0 };
    for (const w of workouts.values()) for (const s of w.sets) counts[s.unit] += 1;
    const unit: WeightUnit = counts.kg >= counts.lb ? 'kg' : 'lb';
    const why = layout.weightUnit ? `The file names its unit in the weight column's name: ${unit}.` : counts.kg > 0 && counts.lb > 0 ? `Each row of the file names its unit (${counts.kg} sets in kg, ${counts.lb} in lb).` : `Each row of the file names its unit: ${unit}.`;
    return { unit, source: 'file', why };
  }
  let answer: UnitAnswer;
  if (reader.chosen) answer = { unit: reader.chosen, source: 'chosen', why: `You chose ${reader.chosen} for the weights, which the file gives no unit for.` };
  else {
    const inferred = inferUnit(unitless.filter((s) => !s.warmup).map((s) => s.weight));
    answer = inferred
      ? { unit: inferred.unit, source: 'inferred', why: `The file gives no unit; ${inferred.why}` }
      : { unit: reader.units, source: 'profile', why: `The file gives no unit and its weights would fit either; read in your profile's unit, ${reader.units}.` };
  }
  const max = MAX_WEIGHT[answer.unit];
  for (const s of unitless) {
    if (s.weight > max) throw new BadFile(`A weight of ${s.weight} is more than ${max} ${answer.unit}: the file's weights are not in ${answer.unit}`);
    s.unit = answer.unit;
    if (s.distance !== null && s.distanceUnit === null) s.distanceUnit = answer.unit === 'kg' ? 'km' : 'mi';
  }
  return answer;
}
