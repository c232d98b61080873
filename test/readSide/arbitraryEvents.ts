import fc from 'fast-check';
import { z } from 'zod';
import { eventSchemas, type AppEvent, type EventType } from '../../events/catalog.js';

type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

/** The JSON Schema keywords zod 4's `z.toJSONSchema` writes for the catalog (each one is read below). */
interface JsonSchema {
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
}

const KNOWN = new Set([
  ...['$schema', 'type', 'properties', 'required', 'additionalProperties', 'propertyNames', 'items', 'enum', 'const', 'anyOf'],
  ...['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'format', 'pattern'],
]);

/**
 * Ids and names from a small pool, so events of one arbitrary run often share a key (a doc made by earlier events),
 * beside any string at all.
 */
const POOL = ['u1', 'u2', 'i1', 's1', 'Bench Press', 'Other', 'constructor', '__proto__'];
const instant = fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }).map((d) => d.toISOString());
/** Strings the catalog leaves free but that the code reads as instants or days: valid ones, odd ones, and none. */
const anyString = fc.oneof(
  fc.constantFrom(...POOL),
  instant,
  instant.map((iso) => iso.slice(0, 10)),
  fc.constantFrom('2024-03-02T07:15:00.000Z', '0001-01-01T00:00:00.000Z', '+275760-09-13T00:00:00.000Z', '9999-12-31', 'not a date', '', '-', '\u0000'),
  fc.string(),
);
/** How zod 4 writes a day's shape (`YYYY-MM-DD`) in JSON Schema; the calendar check is a refinement it cannot show. */
const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
/** When the store says an event was recorded: the clock's time (the catalog does not check metadata). */
const recordedAt = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());

const number = (integer: boolean, min: number | undefined, max: number | undefined) => {
  const lo = min ?? -Number.MAX_VALUE;
  const hi = max ?? Number.MAX_VALUE;
  const edges = [lo, hi, 0, 1, 5_999_999_999_999_940, Number.MAX_SAFE_INTEGER, 1e21, -1].filter((n) => n >= lo && n <= hi && (!integer || Number.isInteger(n)));
  const any = integer
    ? fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(hi, 2 ** 31 - 1) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  return edges.length > 0 ? fc.oneof(any, fc.constantFrom(...edges)) : any;
};

/** Values a JSON Schema admits, leaning on the edges (bounds, huge numbers, odd strings). */
export function arbitraryOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const unknown = Object.keys(schema).filter((k) => !KNOWN.has(k));
  if (unknown.length > 0) throw new Error(`no arbitrary for the JSON Schema keywords ${unknown.join(', ')}`);
  // `z.unknown()`: anything JSON holds.
  if (Object.keys(schema).length === 0) return fc.jsonValue();
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(arbitraryOf));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  // `z.string().nullable()` is written as one schema of two types.
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => arbitraryOf({ ...schema, type })));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number':
      return number(schema.type === 'integer', schema.minimum ?? schema.exclusiveMinimum, schema.maximum ?? schema.exclusiveMaximum);
    case 'string': {
      // Instants in a sane range beside any the pattern admits, so a bound on the range (a refinement the JSON
      // Schema does not show) leaves enough of them.
      // Four in five are sane: an event often holds two or three of them, and each odd one refuses it whole.
      if (schema.format === 'date-time') return fc.oneof({ arbitrary: recordedAt, weight: 4 }, { arbitrary: schema.pattern ? fc.stringMatching(new RegExp(schema.pattern)) : instant, weight: 1 });
      // Days likewise: four digits, two and two admit mostly days no calendar has, which the catalog refuses.
      if (schema.pattern === DAY_PATTERN) return fc.oneof({ arbitrary: recordedAt.map((iso) => iso.slice(0, 10)), weight: 4 }, { arbitrary: fc.stringMatching(new RegExp(schema.pattern)), weight: 1 });
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      const [min, max] = [schema.minLength ?? 0, schema.maxLength ?? Infinity];
      return min > 0 || max < Infinity ? anyString.filter((s) => s.length >= min && s.length <= max) : anyString;
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(schema.items ? arbitraryOf(schema.items) : fc.anything(), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)) });
    }
    case 'object': {
      if (schema.properties) {
        const required = new Set(schema.required ?? []);
        const fields = Object.fromEntries(Object.entries(schema.properties).map(([name, s]) => [name, arbitraryOf(s)]));
        return fc.record(fields, { requiredKeys: [...required] as never[] });
      }
      const value = typeof schema.additionalProperties === 'object' ? arbitraryOf(schema.additionalProperties) : fc.anything();
      const key = schema.propertyNames ? (arbitraryOf(schema.propertyNames) as fc.Arbitrary<string>) : fc.string();
      return fc.dictionary(key, value, { maxKeys: 4 });
    }
    default:
      throw new Error(`no arbitrary for the JSON Schema ${JSON.stringify(schema)}`);
  }
}

const dataOf = new Map<EventType, fc.Arbitrary<unknown>>();

/**
 * Event data of one type that the catalog accepts at append (checked by its own schema, refinements included). Made
 * once per type: an event arbitrary picks its type for every value it draws.
 */
export function arbitraryData(type: EventType): fc.Arbitrary<unknown> {
  let arbitrary = dataOf.get(type);
  if (!arbitrary) {
    const schema = eventSchemas[type] as z.ZodType;
    const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
    arbitrary = arbitraryOf(json).filter((data) => schema.safeParse(data).success);
    dataOf.set(type, arbitrary);
  }
  return arbitrary;
}

/** A recorded event of one of `types`, dated as the store dates events, by the person it names or by someone else. */
export function arbitraryEvent(types: readonly EventType[]): fc.Arbitrary<AppEvent> {
  return fc
    .constantFrom(...types)
    .chain((type) => fc.tuple(fc.constant(type), arbitraryData(type), recordedAt, fc.boolean(), fc.nat()))
    .map(
      ([type, data, at, own, position]) =>
        ({
          id: `event-${position}`,
          type,
          data,
          metadata: { at, ...(own ? { userId: (data as { userId?: string }).userId } : { userId: 'u2' }) },
          stream: 'stream',
          revision: position,
          position: position + 1,
        }) as AppEvent,
    );
}
