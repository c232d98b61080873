/**
 * Runs the work given for one key one after another, in the order it came, in this process. A user's subscription
 * commands go through it: a cancel waits at Stripe before it records anything, and a confirmation that answered
 * meanwhile would tell "active" (with a role-3 token) from the log before the cancel. Taken in turn, whichever
 * answers second reads the log the first one left. (Several command instances without a shared lock can still
 * interleave; the log itself stays right, as every append is checked against the stream's version.)
 */
export function oneAtATime() {
  const tails = new Map<string, Promise<unknown>>();
  return async function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    const turn = (tails.get(key) ?? Promise.resolve()).then(work);
    // The next in line waits for this one to end, whether it succeeded or not.
    const tail = turn.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await turn;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
