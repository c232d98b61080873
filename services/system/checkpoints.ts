import type { ReadModelStore } from '../query/src/store/port.js';

const POLL_MS = 50;

/**
 * Read-your-writes on a query instance whose projector runs in another process: polls the stored checkpoints
 * until every projection has passed `position`; false when `timeoutMs` ran out first.
 */
export async function waitForCheckpoints(
  readModels: Pick<ReadModelStore, 'checkpoints'>,
  projections: string[],
  position: number,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const checkpoints = await readModels.checkpoints(projections);
    if (projections.every((name) => (checkpoints.get(name) ?? 0) >= position)) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, left)));
  }
}
