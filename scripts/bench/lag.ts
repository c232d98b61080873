import { userStream } from '../../events/streams.js';
import { user } from '../../services/command/src/accounts/user.js';
import { load } from '../../services/command/src/execute.js';
import { now, percentile, round } from './common.js';
import type { BenchSystem } from './system.js';

export interface LagFigures {
  commands: number;
  /**
   * HTTP: from `PUT /api/profile` answering (position read from its body) until `GET /api/profile` sent with
   * `X-Min-Position: position` has answered. Includes that GET's own round trip; `getRoundTrip` is one without
   * the header, for scale.
   */
  http: { p50Ms: number; p99Ms: number; maxMs: number; stale: number; wrongAnswers: number; caughtUpAtAnswer: number };
  /** In-process: from the PUT answer until `projector.position` passes the position (0 when it already had). */
  checkpoint: { p50Ms: number; p99Ms: number; maxMs: number; caughtUpAtAnswer: number };
  getRoundTrip: { p50Ms: number; p99Ms: number };
  /**
   * PUT /api/profile round trip over every PUT of the run, which goes on saving until the user stream holds
   * `streamEvents`: the command loads that stream, so its p50 is also given for the first and last tenth of the PUTs.
   */
  put: { p50Ms: number; p99Ms: number; firstTenthP50Ms: number; lastTenthP50Ms: number; growth: number; puts: number; userStreamEventsAtEnd: number };
  /**
   * The command's own share of it: `load` of the user stream as the profile command loads it (same store, same
   * fold), timed before each PUT. The rest of a PUT's growth is the in-process projector rewriting
   * the per-user docs that keep the whole history.
   */
  commandLoad: { firstTenthP50Ms: number; lastTenthP50Ms: number; growth: number };
}

const figures = (values: number[]) => ({ p50Ms: round(percentile(values, 50), 3), p99Ms: round(percentile(values, 99), 3) });

/** Command→read lag over `commands` sequential profile saves (each changes the weight, so each appends events). */
export async function measureLag(app: BenchSystem, token: string, commands: number, streamEvents = 0): Promise<LagFigures> {
  let n = 0;
  const puts: number[] = [];
  const loads: number[] = [];
  const fold = { ...user };
  const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  const save = async () => {
    n += 1;
    const weight = 150 + (n % 500) / 10;
    // Timed before the PUT (the stream as the command will find it), so it adds nothing to the lag measured after;
    // with an evolver object of its own, so it keeps its own snapshots and does not warm the command's.
    const t1 = now();
    await load(app.system.events, userStream(userId), fold);
    loads.push(now() - t1);
    const t0 = now();
    const res = await app.call('PUT', '/api/profile', {
      token,
      json: { name: 'Bench User', age: 34, gender: 'Female', height: 66, weight, targetWeight: 145 },
    });
    if (res.status !== 200 || typeof res.body?.position !== 'number') throw new Error(`PUT /api/profile answered ${res.status}: ${res.text}`);
    const answeredAt = now();
    puts.push(answeredAt - t0);
    return { position: res.body.position as number, weight, answeredAt };
  };

  const httpLag: number[] = [];
  let stale = 0;
  let wrong = 0;
  let httpCaughtUp = 0;
  for (let i = 0; i < commands; i += 1) {
    const { position, weight, answeredAt } = await save();
    if (app.system.projector.position >= position) httpCaughtUp += 1;
    const res = await app.call('GET', '/api/profile', { token, headers: { 'X-Min-Position': String(position) } });
    httpLag.push(now() - answeredAt);
    if (res.headers.get('x-read-stale') === 'true') stale += 1;
    if (res.status !== 200 || res.body?.weight_lb !== weight) wrong += 1;
  }

  const checkpointLag: number[] = [];
  let checkpointCaughtUp = 0;
  for (let i = 0; i < commands; i += 1) {
    const { position, answeredAt } = await save();
    if (app.system.projector.position >= position) checkpointCaughtUp += 1;
    else if (!(await app.system.projector.waitFor(position, 2000))) throw new Error(`projector did not reach ${position} within 2 s`);
    checkpointLag.push(now() - answeredAt);
  }

  const roundTrips: number[] = [];
  for (let i = 0; i < commands; i += 1) {
    const t0 = now();
    const res = await app.call('GET', '/api/profile', { token });
    if (res.status !== 200) throw new Error(`GET /api/profile answered ${res.status}`);
    roundTrips.push(now() - t0);
  }

  const streamLength = async () => (await app.system.events.readStream(userStream(userId))).length;
  while ((await streamLength()) < streamEvents) {
    for (let i = 0; i < 100; i += 1) await save();
  }
  const tenth = Math.max(1, Math.floor(puts.length / 10));
  const firstTenthP50Ms = round(percentile(puts.slice(0, tenth), 50), 3);
  const lastTenthP50Ms = round(percentile(puts.slice(-tenth), 50), 3);
  const loadFirst = round(percentile(loads.slice(0, tenth), 50), 3);
  const loadLast = round(percentile(loads.slice(-tenth), 50), 3);
  return {
    commands,
    http: { ...figures(httpLag), maxMs: round(Math.max(...httpLag), 3), stale, wrongAnswers: wrong, caughtUpAtAnswer: httpCaughtUp },
    checkpoint: { ...figures(checkpointLag), maxMs: round(Math.max(...checkpointLag), 3), caughtUpAtAnswer: checkpointCaughtUp },
    getRoundTrip: figures(roundTrips),
    put: {
      ...figures(puts),
      firstTenthP50Ms,
      lastTenthP50Ms,
      growth: round(lastTenthP50Ms / firstTenthP50Ms, 2),
      puts: puts.length,
      userStreamEventsAtEnd: await streamLength(),
    },
    commandLoad: { firstTenthP50Ms: loadFirst, lastTenthP50Ms: loadLast, growth: round(loadLast / loadFirst, 2) },
  };
}
