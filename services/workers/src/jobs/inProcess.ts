import { CronExpressionParser } from 'cron-parser';
import type { Logger } from '../../../platform/logger.js';
import { backoffAfter, JOB_ATTEMPTS, logDeadLetter, type Job, type JobHandler, type JobQueue, type JobTemplate, type Schedule } from './port.js';

/** Job ids remembered for de-duplication; the dispatcher's checkpoint keeps older ones from coming back. */
const REMEMBERED_IDS = 10_000;
/** How often due schedules are looked for: the clock is injectable (tests move it), so no timer can aim at it. */
const SCHEDULE_TICK_MS = 250;

interface Scheduled {
  queue: string;
  id: string;
  schedule: Schedule;
  template: JobTemplate;
  next: Date;
}

/** The first run of a schedule strictly after `after`. */
export const nextRun = (schedule: Schedule, after: Date): Date =>
  CronExpressionParser.parse(schedule.pattern, { currentDate: after, tz: schedule.tz }).next().toDate();

/** The embedded default: runs each job in this process, with the same retries and schedules BullMQ would give it. */
export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in-process';
  private readonly handlers = new Map<string, JobHandler>();
  private readonly seen = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private readonly waiting: Job[] = [];
  private readonly schedules = new Map<string, Scheduled>();
  private ticker?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async add(job: Job): Promise<void> {
    const key = `${job.queue}/${job.id}`;
    if (this.seen.has(key) || this.closed) return;
    this.seen.add(key);
    // A Set iterates in insertion order: the first entry is the oldest.
    if (this.seen.size > REMEMBERED_IDS) this.seen.delete(this.seen.values().next().value!);
    if (!this.handlers.has(job.queue)) return void this.waiting.push(job);
    this.start(job);
  }

  work(queue: string, handler: JobHandler): void {
    this.handlers.set(queue, handler);
    for (const job of this.waiting.filter((j) => j.queue === queue)) this.start(job);
    this.waiting.splice(0, this.waiting.length, ...this.waiting.filter((j) => j.queue !== queue));
  }

  async upsertScheduler(queue: string, id: string, schedule: Schedule, template: JobTemplate): Promise<void> {
    const key = `${queue}/${id}`;
    const existing = this.schedules.get(key);
    // An unchanged schedule keeps its next run, so re-upserting (every profile save does) never skips or repeats one.
    const same = existing && existing.schedule.pattern === schedule.pattern && existing.schedule.tz === schedule.tz;
    this.schedules.set(key, { queue, id, schedule, template, next: same ? existing.next : nextRun(schedule, this.now()) });
    if (!this.ticker && !this.closed) {
      this.ticker = setInterval(() => this.runDue(), SCHEDULE_TICK_MS);
      this.ticker.unref();
    }
  }

  async removeScheduler(queue: string, id: string): Promise<void> {
    this.schedules.delete(`${queue}/${id}`);
  }

  /** Queues one run of each due schedule; a run missed while the process slept comes once, late, as BullMQ's would. */
  private runDue() {
    const now = this.now();
    for (const s of this.schedules.values()) {
      if (s.next > now) continue;
      void this.add({ id: `${s.id}-${s.next.getTime()}`, queue: s.queue, name: s.template.name, data: s.template.data });
      s.next = nextRun(s.schedule, now);
    }
  }

  private start(job: Job) {
    const run = this.run(job).finally(() => this.running.delete(run));
    this.running.add(run);
  }

  private async run(job: Job) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.handlers.get(job.queue)!(job);
      } catch (error) {
        if (!job.untilDone && attempt === JOB_ATTEMPTS) return logDeadLetter(this.log, job, error);
        // Closing waits for the jobs running: one that is to be done until it is stops trying with the process.
        if (this.closed) return logDeadLetter(this.log, job, error);
        this.log.warn(`job ${job.queue}/${job.name} ${job.id} failed (attempt ${attempt}${job.untilDone ? ', tried until done' : ` of ${JOB_ATTEMPTS}`})`, error);
        await new Promise((r) => setTimeout(r, backoffAfter(attempt)));
      }
    }
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  /** New jobs and schedules stop; the jobs running (and their retries) finish first. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.ticker);
    this.schedules.clear();
    await this.drain();
  }
}
