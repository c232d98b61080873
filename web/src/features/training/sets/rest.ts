import type { ExerciseKind } from '../../../../../contract/training/exerciseKinds';

/**
 * A rest between sets: running until `endsAt` (epoch ms), or held at `heldMs` left while the session is paused. Kept
 * on this device per session (`restStore`), so a reload finds it where it was.
 */
export interface Rest {
  endsAt: number;
  of: string;
  heldMs?: number;
}

const restStoreKey = (sessionId: string) => `restTimer:${sessionId}`;

/** The rest kept for a session on this device, if one is still to be shown. */
export function storedRest(sessionId: string): Rest | null {
  try {
    const rest = JSON.parse(localStorage.getItem(restStoreKey(sessionId)) ?? 'null') as Rest | null;
    return rest && typeof rest.endsAt === 'number' && typeof rest.of === 'string' ? rest : null;
  } catch {
    return null;
  }
}

export function storeRest(sessionId: string, rest: Rest | null) {
  if (rest) localStorage.setItem(restStoreKey(sessionId), JSON.stringify(rest));
  else localStorage.removeItem(restStoreKey(sessionId));
}

/** A rest as the session's pause leaves it: held where it was while paused, running again from there on resume. */
export function restWhile(rest: Rest | null, paused: boolean, now: number): Rest | null {
  if (!rest) return rest;
  if (paused && rest.heldMs === undefined) return { ...rest, heldMs: Math.max(0, rest.endsAt - now) };
  if (!paused && rest.heldMs !== undefined) return { of: rest.of, endsAt: now + rest.heldMs };
  return rest;
}

/** Rest when the plan gives none: 90 s, the middle of the 1–2 minutes the coaching rules give most lifts. */
export const DEFAULT_REST = 90;

/**
 * The rest after a set of an exercise: what the person set for it on this device, else the plan's, else 90 s. A
 * cardio line's plan seconds are the bout's own length ("Brisk Walk (15 min)": 900), never a rest, so cardio rests
 * the person's choice or 90 s like any other set.
 */
export function restSecondsOf(kept: number, planned: number | null | undefined, kind: ExerciseKind | null): number {
  if (kept > 0) return kept;
  if (kind !== 'distance' && planned) return planned;
  return DEFAULT_REST;
}
