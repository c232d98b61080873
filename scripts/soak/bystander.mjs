/**
 * The bystander of the soak's hostile phases, in a process of its own (plain JavaScript, so it starts without the
 * TypeScript loader, which took tens of seconds on a busy machine): its reads are timed on an event loop that
 * neither the attacker's client (building megabyte bodies, parsing answers) nor the soak's bookkeeping can hold up,
 * so what it measures is the server. It reads `SOAK_BYSTANDER_PATH` with `SOAK_BYSTANDER_TOKEN` from
 * `SOAK_BYSTANDER_BASE`, one GET after another, between a 'start' and a 'stop' from its parent (phases.ts), and
 * answers 'stop' with the latencies. Every 50 reads it tells the parent how many it has, so a phase can run until
 * there are enough for a p99.
 */
const base = process.env.SOAK_BYSTANDER_BASE;
const token = process.env.SOAK_BYSTANDER_TOKEN;
const readPath = process.env.SOAK_BYSTANDER_PATH ?? '/api/dashboard/summary';

/** @type {Promise<void> | undefined} */
let reading;
let stopping = false;
/** @type {number[]} */
let latencies = [];
/** @type {Record<string, number>} */
const statuses = {};

async function readUntilStopped() {
  while (!stopping) {
    const t = performance.now();
    let status;
    try {
      const res = await fetch(base + readPath, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(60_000) });
      await res.arrayBuffer();
      status = res.status;
    } catch {
      // A kept-alive connection the server closed as it was reused: the read is timed again on a new one.
      continue;
    }
    latencies.push(performance.now() - t);
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (latencies.length % 50 === 0) process.send({ reads: latencies.length });
  }
}

process.on('message', async (/** @type {{ start: true } | { stop: true }} */ order) => {
  if ('start' in order) {
    latencies = [];
    for (const status of Object.keys(statuses)) delete statuses[status];
    stopping = false;
    reading = readUntilStopped();
    return;
  }
  stopping = true;
  await reading;
  process.send({ latencies, statuses });
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
