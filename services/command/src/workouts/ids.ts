import { z } from 'zod';

/** Ids we hand out are UUIDs; anything outside this shape can never name a stream of ours. */
const ID_SHAPE = /^[A-Za-z0-9-]{1,64}$/;

export const idField = (what: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${what} is required` : `${what} must be a string`) })
    .regex(ID_SHAPE, `${what} is not a valid id`);

/** A path id of the wrong shape names nothing: the caller gets the same 404 as for an unknown id. */
export const isIdShaped = (value: unknown): value is string => typeof value === 'string' && ID_SHAPE.test(value);

/** No body is expected: an empty body or `{}` passes, anything else is a 400. */
export const noBody = z.object({}).strict();
