/**
 * The longest the event loop was held while `work` ran, as the process's CPU time between two turns of a 1 ms
 * timer: a gap in wall time would also count the time the process waited for a core on a busy machine, which
 * says nothing about the code.
 */
export async function longestHold<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  let last = process.cpuUsage();
  let most = 0;
  const timer = setInterval(() => {
    const now = process.cpuUsage();
    most = Math.max(most, (now.user - last.user + now.system - last.system) / 1000);
    last = now;
  }, 1);
  try {
    const result = await work();
    return { result, ms: most };
  } finally {
    clearInterval(timer);
  }
}
