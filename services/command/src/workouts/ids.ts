import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { uuidFrom, type CommandContext } from '../execute.js';

/** Ids we hand out are UUIDs; anything outside this shape can never name a stream of ours. */
const ID_SHAPE = /^[A-Za-z0-9-]{1,64}$/;

export const idField = (what: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${what} is required` : `${what} must be a string`) })
    .regex(ID_SHAPE, `${what} is not a valid id`);

/** A path id of the wrong shape names nothing: the caller gets the same 404 as for an unknown id. */
export const isIdShaped = (value: unknown): value is string => typeof value === 'string' && ID_SHAPE.test(value);

/**
 * A new aggregate id. With an Idempotency-Key it derives from the key, so a retried request lands on the same
 * stream and the decider sees it already happened.
 */
export const newId = (ctx: CommandContext, purpose: string) =>
  ctx.idempotencyKey ? uuidFrom(`${ctx.idempotencyKey}:${purpose}`) : randomUUID();

/** One request that appends to several streams: each step gets its own key, so event ids never collide. */
export const stepContext = (ctx: CommandContext, step: string): CommandContext => ({
  ...ctx,
  idempotencyKey: ctx.idempotencyKey ? `${ctx.idempotencyKey}:${step}` : undefined,
});

/** No body is expected: an empty body or `{}` passes, anything else is a 400. */
export const noBody = z.object({}).strict();
