import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CANCELLATION_REASONS } from '../../contract/billing/cancellationReasons.js';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { runAnalytics } from '../../scripts/analytics.js';
import { productionHistory } from '../../scripts/bench/fixtures.js';
import { tempDir } from '../support/server.js';

/** Every event of the generated log, as stored. */
type Stored = { type: string; data: any; metadata: any };

const csvRows = (file: string) => {
  const [header, ...lines] = fs.readFileSync(file, 'utf8').trim().split('\r\n');
  const columns = header!.split(',');
  // The generated texts hold no commas or quotes except the reasons, which are matched whole below.
  return lines.map((line) => Object.fromEntries(columns.map((c, i) => [c, line.split(',')[i]])));
};
const sum = (rows: Record<string, string | undefined>[], column: string) => rows.reduce((n, r) => n + Number(r[column] || 0), 0);

describe('npm run analytics over a generated log', function () {
  this.timeout(120_000);
  let dataDir: string;
  let out: string;
  let events: Stored[];
  let result: Awaited<ReturnType<typeof runAnalytics>>;

  before(async () => {
    // Given a year of 80 generated users written through the real deciders into a real SQLite log
    dataDir = tempDir('trainer-analytics-');
    out = path.join(dataDir, 'report');
    const history = productionHistory({ users: 80, days: 365, seed: 7 });
    const store = new SqliteEventStore(path.join(dataDir, 'trainer.sqlite'));
    for (let i = 0; i < history.appends.length; i += 1000) store.importAppends(history.appends.slice(i, i + 1000));
    events = (await store.readAll(0, 1_000_000));
    await store.close();
    // When the analytics replay runs over all of it
    result = await runAnalytics(['--out', out], { DATA_DIR: dataDir }, true);
  });
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const count = (type: string, where: (e: Stored) => boolean = () => true) => events.filter((e) => e.type === type && where(e)).length;
  /** The ends of the sessions something was logged in. */
  const workoutEnds = () => {
    const logged = new Set(events.filter((e) => e.type === 'ExerciseLogged').map((e) => e.data.sessionId));
    return events.filter((e) => e.type === 'WorkoutSessionEnded' && logged.has(e.data.sessionId));
  };

  it('writes one CSV per series whose figures equal counts made directly from the log', () => {
    expect(result.events).to.be.above(5000);
    const signups = csvRows(path.join(out, 'signups.csv'));
    expect(sum(signups, 'signups')).to.equal(count('UserSignedUp')).and.to.be.above(0);
    const verification = csvRows(path.join(out, 'verification.csv')).at(-1)!;
    expect(Number(verification.verified)).to.equal(count('EmailVerified'));
    expect(Number(verification.unverified)).to.equal(count('UserSignedUp') - count('EmailVerified'));

    const funnel = Object.fromEntries(csvRows(path.join(out, 'funnel.csv')).map((r) => [r.stage, r]));
    expect(Number(funnel['waitlist joins']!.total)).to.equal(count('WaitlistJoined'));
    expect(Number(funnel['early-access clicks']!.monthly)).to.equal(count('EarlyAccessClicked', (e) => e.data.plan === 'monthly'));
    expect(Number(funnel['early-access clicks']!.annual)).to.equal(count('EarlyAccessClicked', (e) => e.data.plan === 'annual'));
    expect(Number(funnel.checkouts!.monthly)).to.equal(count('CheckoutSessionCreated', (e) => e.data.interval === 'monthly'));
    expect(Number(funnel.checkouts!.annual)).to.equal(count('CheckoutSessionCreated', (e) => e.data.interval === 'annually'));
    expect(Number(funnel.activations!.total)).to.equal(count('SubscriptionActivated')).and.to.be.above(0);
    expect(Number(funnel.cancellations!.total)).to.equal(count('SubscriptionCancelled') + count('SubscriptionEnded')).and.to.be.above(0);

    const active = csvRows(path.join(out, 'subscribers.csv')).at(-1)!;
    const stillActive = count('SubscriptionActivated') - count('SubscriptionCancelled') - count('SubscriptionEnded');
    expect(Number(active.total)).to.equal(stillActive);

    const reasons = fs.readFileSync(path.join(out, 'cancellation-reasons.csv'), 'utf8');
    for (const reason of CANCELLATION_REASONS) {
      const n = count('SubscriptionCancelled', (e) => e.data.reason === reason);
      expect(reasons).to.include(`${reason.includes(',') ? `"${reason}"` : reason},,${n}\r\n`);
    }
    const others = events.filter((e) => e.type === 'SubscriptionCancelled' && !(CANCELLATION_REASONS as readonly string[]).includes(e.data.reason));
    expect(reasons).to.include(`Other,,${others.length}\r\n`);
    for (const text of new Set(others.map((e) => e.data.reason))) expect(reasons).to.include(`Other,${text},`);

    expect(sum(csvRows(path.join(out, 'meals.csv')), 'meals_logged')).to.equal(count('MealLogged') - count('MealLogUndone'));
    // A workout is an ended session with something logged in it (issue 21): the ends of empty sessions count nowhere.
    const workouts = csvRows(path.join(out, 'workouts.csv'));
    expect(sum(workouts, 'workouts')).to.equal(workoutEnds().length);
    expect(sum(workouts, 'minutes')).to.equal(workoutEnds().reduce((n, e) => n + e.data.totalDurationMinutes, 0));
    const chat = csvRows(path.join(out, 'chat.csv'));
    expect(sum(chat, 'requests')).to.equal(count('ChatQuestionAsked'));
    expect(sum(chat, 'failed')).to.equal(count('ChatAnswerFailed'));
    // Plans saved from chat: a saved plan whose type and name match a plan the chat offered that user before.
    const offered = new Set<string>();
    let savedFromChat = 0;
    for (const e of events) {
      if (e.type === 'ChatPlanOffered') offered.add(`${e.data.userId} ${e.data.planType} ${e.data.name}`);
      if (e.type === 'RegimenSaved.v2' && offered.has(`${e.data.userId} workout ${e.data.name}`)) savedFromChat += 1;
      if (e.type === 'MealPlanSaved' && offered.has(`${e.data.userId} meal ${e.data.name}`)) savedFromChat += 1;
    }
    expect(sum(chat, 'plans_saved_from_chat')).to.equal(savedFromChat).and.to.be.above(0);

    const tickets = csvRows(path.join(out, 'tickets.csv'));
    expect(sum(tickets, 'opened')).to.equal(count('TicketSubmitted'));
    const completedFirst = new Set(events.filter((e) => e.type === 'TicketStatusChanged' && e.data.toStatus === 'Completed').map((e) => e.data.ticketId));
    expect(sum(tickets, 'completed')).to.equal(completedFirst.size);

    // Weekly active users: users who themselves did something that week (a login counts), per UTC week.
    const wau = csvRows(path.join(out, 'weekly-active-users.csv'));
    const logins = events.filter((e) => e.type === 'UserLoggedIn');
    const busiest = wau.reduce((a, b) => (Number(b.users) > Number(a.users) ? b : a));
    const end = new Date(Date.parse(`${busiest.week}T00:00:00Z`) + 7 * 86_400_000).toISOString();
    const loggedIn = new Set(logins.filter((e) => e.metadata.at >= `${busiest.week}T` && e.metadata.at < end).map((e) => e.data.userId));
    expect(Number(busiest.users)).to.be.at.least(loggedIn.size).and.to.be.above(0);
  });

  it('honours --from and --to: the series cover those days only, running totals still count what came before', async () => {
    const day = (n: number) => csvRows(path.join(out, 'signups.csv'))[n]!.day!;
    const from = day(100);
    const to = day(130);
    const ranged = await runAnalytics(['--from', from, '--to', to, '--out', path.join(dataDir, 'ranged')], { DATA_DIR: dataDir }, true);
    const signups = csvRows(path.join(dataDir, 'ranged', 'signups.csv'));
    expect(signups.map((r) => r.day)).to.have.length(31);
    expect(signups[0]!.day).to.equal(from);
    const inRange = events.filter((e) => e.type === 'UserSignedUp' && e.metadata.at.slice(0, 10) >= from && e.metadata.at.slice(0, 10) <= to).length;
    expect(sum(signups, 'signups')).to.equal(inRange);
    const lastVerified = csvRows(path.join(dataDir, 'ranged', 'verification.csv')).at(-1)!;
    expect(Number(lastVerified.verified)).to.equal(events.filter((e) => e.type === 'EmailVerified' && e.metadata.at.slice(0, 10) <= to).length);
    expect(ranged.range).to.deep.equal({ from, to });
    // Weekly series count UTC weeks, Monday to Sunday, as they stood at the end of the range: the first week with its
    // days before the range, the last up to its end; workouts and weekly active users speak of the same days.
    const weeks = csvRows(path.join(dataDir, 'ranged', 'workouts.csv'));
    const monday = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - ((new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
    expect(weeks[0]!.week).to.equal(monday(from));
    expect(weeks.at(-1)!.week).to.equal(monday(to));
    expect(csvRows(path.join(dataDir, 'ranged', 'weekly-active-users.csv')).map((r) => r.week)).to.deep.equal(weeks.map((r) => r.week));
    for (const { week } of weeks) {
      const sunday = new Date(Date.parse(`${week}T00:00:00Z`) + 7 * 86_400_000).toISOString();
      const end = sunday < `${to}T` ? sunday : new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString();
      const ended = workoutEnds().filter((e) => e.metadata.at >= `${week}T` && e.metadata.at < end);
      const row = weeks.find((r) => r.week === week)!;
      expect(Number(row.workouts), week).to.equal(ended.length);
      expect(Number(row.minutes), week).to.equal(ended.reduce((n, e) => n + e.data.totalDurationMinutes, 0));
    }
    expect(sum(weeks, 'workouts')).to.be.above(0);
  });

  it('writes a report that opens offline and draws every chart as SVG in a real browser', async () => {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      await page.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`file://${path.join(out, 'report.html')}`);
      expect(errors).to.deep.equal([]);
      expect(await page.locator('section').count()).to.equal(10);
      expect(await page.locator('section svg').count()).to.equal(10);
      expect(await page.locator('#signups svg rect').count()).to.be.above(300);
      expect(await page.locator('#subscribers svg path').count()).to.be.at.least(3);
      // The log ends on a Friday: its last week, not over, continues dashed and is named beneath the chart
      const lastWeek = csvRows(path.join(out, 'weekly-active-users.csv')).at(-1)!.week!;
      expect(await page.locator('#weekly-active-users svg path[stroke-dasharray]').count()).to.equal(1);
      expect(await page.locator('#weekly-active-users p.note').innerText()).to.include(`${lastWeek}, not over by the end of the range`);
    } finally {
      await browser.close();
    }
  });
});
