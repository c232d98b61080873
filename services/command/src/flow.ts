import type { AppNewEvent } from '../../../events/catalog.js';
import { execute, load, newId, stepContext, type CommandContext, type Evolver } from './execute.js';

/**
 * A command's way through the log, written once: which streams it loads, on which it decides and in what order.
 * A flow is a generator of steps; `runFlow` performs each on the event store (what routes and workers do), and the
 * bench's generated history performs the very same flows on its in-memory log, so the two cannot drift.
 */
export type Step =
  | { kind: 'load'; stream: string; evolver: Evolver<unknown> }
  | { kind: 'decide'; stream: string; evolver: Evolver<unknown>; decide: (state: unknown) => AppNewEvent[]; step?: string }
  | { kind: 'newId'; purpose: string };

export type Flow<R> = Generator<Step, R, unknown>;

/** What a decision appended: the position (the read-your-writes token) and the events. */
export interface Decided {
  position: number;
  events: AppNewEvent[];
}

/** A stream's folded state (`load`). */
export function* loaded<S>(stream: string, evolver: Evolver<S>): Flow<S> {
  return (yield { kind: 'load', stream, evolver: evolver }) as S;
}

/**
 * Decides on a stream's state and appends (`execute`). `step` names this append within a request that writes
 * several streams, so a retried request's appends are recognised one by one.
 */
export function* decided<S>(stream: string, evolver: Evolver<S>, decide: (state: S) => AppNewEvent[], step?: string): Flow<Decided> {
  return (yield { kind: 'decide', stream, evolver: evolver, decide: decide as (state: unknown) => AppNewEvent[], step }) as Decided;
}

/** A new aggregate id (`newId`): derived from the caller's Idempotency-Key when there is one. */
export function* freshId(purpose: string): Flow<string> {
  return (yield { kind: 'newId', purpose }) as string;
}

/** Runs a flow on the event store. A step that fails is thrown into the flow, which may catch it. */
export const runFlow = async <R>(ctx: CommandContext, flow: Flow<R>): Promise<R> => drive(flow, (step) => perform(ctx, step));

/** Runs a flow where every step is answered at once (the bench's in-memory log), the same way. */
export const runFlowSync = <R>(flow: Flow<R>, perform: (step: Step) => unknown): R => drive(flow, perform) as R;

/** Feeds each step's answer back into the flow; an answer that is a promise is awaited, and the rest of the run with it. */
function drive<R>(flow: Flow<R>, perform: (step: Step) => unknown, resumed = flow.next()): R | Promise<R> {
  let next = resumed;
  while (!next.done) {
    let answer: unknown;
    try {
      answer = perform(next.value);
    } catch (error) {
      next = flow.throw(error);
      continue;
    }
    if (answer instanceof Promise) {
      return answer.then(
        (value) => drive(flow, perform, flow.next(value)),
        (error: unknown) => drive(flow, perform, flow.throw(error)),
      );
    }
    next = flow.next(answer);
  }
  return next.value;
}

async function perform(ctx: CommandContext, step: Step): Promise<unknown> {
  switch (step.kind) {
    case 'load':
      return (await load(ctx.store, step.stream, step.evolver)).state;
    case 'decide':
      return execute(step.step ? stepContext(ctx, step.step) : ctx, step.stream, step.evolver, step.decide);
    case 'newId':
      return newId(ctx, step.purpose);
  }
}
