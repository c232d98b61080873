import { expect } from 'chai';
import { cpuBlockingTime } from '../../scripts/bench/lighthouse.js';

const MS = 1000;
const thread = (pid: number, name: string) => ({ name: 'thread_name', ph: 'M', pid, tid: pid, ts: 0, args: { name } });
const task = (pid: number, ts: number, tdurMs: number, durMs = tdurMs) => ({ name: 'RunTask', ph: 'X', pid, tid: pid, ts, dur: durMs * MS, tdur: tdurMs * MS });

describe('Lighthouse bench: blocking time from the main thread CPU time (unit)', () => {
  it("sums each page task's part over 50 ms at 4x CPU, from the navigation on, whatever the wall time", () => {
    const events = [
      thread(1, 'CrRendererMain'),
      thread(2, 'CrRendererMain'),
      thread(3, 'Compositor'),
      { name: 'navigationStart', ph: 'R', pid: 1, tid: 1, ts: 1000 },
      // Before the navigation: the previous page's.
      task(1, 500, 100),
      // 30 ms of CPU over 120 ms of wall time on a busy machine: 4 x 30 - 50 = 70.
      task(1, 2000, 30, 120),
      // 10 ms: 40 ms at 4x, under 50.
      task(1, 3000, 10),
      // 20 ms: 80 - 50 = 30.
      task(1, 4000, 20),
      // Another renderer (fewer tasks) and another thread do not count.
      task(2, 2000, 90),
      task(3, 2000, 90),
    ];
    expect(cpuBlockingTime(events)).to.be.closeTo(100, 1e-9);
  });
});
