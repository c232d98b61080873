/**
 * How both kinds of plan are listed: the primary first, then the newest saved first. `ids` are in save order; a
 * stable sort keeps the newest-first order below the primary.
 */
export function primaryThenNewest(ids: readonly string[], primaryId: string | null): string[] {
  return [...ids].reverse().sort((a, b) => Number(b === primaryId) - Number(a === primaryId));
}
