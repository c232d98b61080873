import { z } from 'zod';
import { Rejected } from '../../../events/rejected.js';

/** Fields every slice of the command side reads the same way: ids in bodies and paths, text, whole numbers. */

/** "is required" when the field is missing, else what it must be. */
export const says = (what: string, must: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? `${what} is required` : `${what} ${must}`;

export const text = (what: string, max: number, min = 1) =>
  z
    .string({ error: says(what, 'must be text') })
    .trim()
    .min(min, `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`);

export const wholeNumber = (what: string, min: number, max: number) =>
  z
    .number({ error: says(what, 'must be a number') })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} must be at most ${max}`);

/** Ids we hand out are UUIDs; anything outside this shape can never name a stream of ours. */
const ID_SHAPE = /^[A-Za-z0-9-]{1,64}$/;

export const isIdShaped = (value: unknown): value is string => typeof value === 'string' && ID_SHAPE.test(value);

/** An id in a body: a 400 naming the field when it is missing or of the wrong shape. */
export const idField = (what: string) =>
  z
    .string({ error: says(what, 'must be a string') })
    .regex(ID_SHAPE, `${what} is not a valid id`);

/**
 * The id in a path. One of the wrong shape names nothing: the caller gets the same 404 as for an unknown (or another
 * user's) id, so ids cannot be probed, and junk never reaches a stream name. `isShaped` for ids another system
 * hands out (a checkout session's).
 */
export function pathId(value: unknown, notFoundMessage: string, isShaped: (value: unknown) => value is string = isIdShaped): string {
  if (!isShaped(value)) throw new Rejected('not_found', notFoundMessage);
  return value;
}

/** No body is expected: an empty body or `{}` passes, anything else is a 400. */
export const noBody = z.object({}).strict();

/** The form leaves a field empty as '' (or null); either is stored as null. */
export const blankToNull = (value: unknown) => (value === '' || (typeof value === 'string' && value.trim() === '') ? null : value);

const number = (min: number, max: number, what: string) =>
  z.number({ error: `must be a number` }).min(min, `${what} must be at least ${min}`).max(max, `${what} must be at most ${max}`);

export const requiredNumber = (min: number, max: number, what: string) =>
  z.preprocess((value) => blankToNull(value) ?? null, number(min, max, what).nullable()).refine((v) => v !== null, `${what} is required`) as z.ZodType<number>;

export const optionalNumber = (min: number, max: number, what: string) =>
  z.preprocess(blankToNull, number(min, max, what).nullable().optional());

export const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? blankToNull(value.trim()) : value),
    z.string({ error: 'must be text' }).max(max, `must be at most ${max} characters`).nullable().optional(),
  );

export const requiredText = (max: number, what: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.string({ error: `${what} is required` }).min(1, `${what} is required`).max(max, `must be at most ${max} characters`),
  );

/** How far back a device's record of when the person acted is believed: a week offline. */
export const ACTED_AT_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;

/**
 * When the person acted, for the tracker's commands: the `X-Acted-At` header the web app's offline queue sends with
 * each command (the instant it was made, on the device), so a workout done offline is dated when it was done, not when
 * it synced (docs/adr/0069-commands-are-dated-when-the-person-acted.md). Believed within the last 7 days up to `now`; a
 * later one (a clock running ahead) or an older one is dated `now`, as a command without the header is. One that is no
 * instant is a 400.
 */
export function actedAt(header: string | undefined, now: Date): string {
  if (header === undefined) return now.toISOString();
  const at = ISO_INSTANT.test(header) ? Date.parse(header) : NaN;
  if (Number.isNaN(at)) throw new Rejected('invalid', 'X-Acted-At must be an ISO 8601 instant, like 2026-01-31T08:00:00.000Z');
  return at <= now.getTime() && now.getTime() - at <= ACTED_AT_MAX_AGE_MS ? new Date(at).toISOString() : now.toISOString();
}
