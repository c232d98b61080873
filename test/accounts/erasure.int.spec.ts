import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { FORGOTTEN } from '../../events/personal.js';
import { SERIES } from '../../contract/analytics/seriesNames.js';
import { decodeToken, grantRole, signUpPayingSubscriber, signUpVerifiedUser } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { settled } from '../workers/support.js';
import { ask } from '../chat/support.js';
import { samplePlan } from '../workouts/plan.js';

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Each marker is a word of its own (letters and digits, never a part of another), so it is found however a field
 * spelled it: as typed, in lower case, or inside a slug such as a custom exercise's key.
 */
const MARKERS = {
  email: 'zqmk01x',
  username: 'zqmk02x',
  name: 'zqmk03x',
  primaryGoal: 'zqmk04x',
  secondaryGoal: 'zqmk05x',
  accessibilityNeeds: 'zqmk06x',
  allergies: 'zqmk07x',
  dietType: 'zqmk08x',
  waitlistSource: 'zqmk09x',
  workoutPlanName: 'zqmk10x',
  workoutPlanDescription: 'zqmk11x',
  workoutPlanGoal: 'zqmk12x',
  workoutPlanLevel: 'zqmk13x',
  workoutDaySummary: 'zqmk14x',
  workoutPlanExercise: 'zqmk15x',
  mealPlanName: 'zqmk16x',
  mealPlanDescription: 'zqmk17x',
  mealPlanDiet: 'zqmk18x',
  mealName: 'zqmk19x',
  mealAllergens: 'zqmk20x',
  exerciseNotes: 'zqmk21x',
  customSetExercise: 'zqmk22x',
  importFileName: 'zqmk23x',
  importWorkoutName: 'zqmk24x',
  importExercise: 'zqmk25x',
  importNotes: 'zqmk26x',
  importWorkoutNotes: 'zqmk30x',
  ticket: 'zqmk27x',
  ticketReply: 'zqmk31x',
  staffReply: 'zqmk32x',
  chat: 'zqmk28x',
  cancelReason: 'zqmk29x',
  ownFoodName: 'zqmk33x',
  quickAddName: 'zqmk34x',
};

/** The markers found in the raw bytes of a file, in any case. */
const markersIn = (text: string) => Object.entries(MARKERS).filter(([, marker]) => text.toLowerCase().includes(marker)).map(([field]) => field);

describe('account deletion erases everything the person typed (HTTP, raw bytes of DATA_DIR and the app log)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let logged: string[];
  let restore: () => void;

  beforeEach(async () => {
    // The app's log as an operator keeps it, every line at every level, from the start to the end of the test.
    logged = [];
    const write = process.stderr.write.bind(process.stderr);
    const level = process.env.TEST_LOG;
    process.stderr.write = ((chunk: string | Uint8Array) => logged.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')) > 0);
    restore = () => {
      process.stderr.write = write;
    };
    process.env.TEST_LOG = '1';
    try {
      server = await startTestServer();
    } finally {
      if (level === undefined) delete process.env.TEST_LOG;
      else process.env.TEST_LOG = level;
    }
  });
  afterEach(async () => {
    await server?.stop();
    restore();
  });

  it('leaves none of the markers typed into any free-text field in the SQLite file, its WAL, the outbox or the log', async () => {
    const email = `${MARKERS.email}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const username = `${MARKERS.username}_${Math.random().toString(36).slice(2, 6)}`;
    const joined = await server.call('POST', '/api/waitlist', { json: { email, source: `friend ${MARKERS.waitlistSource}` } });
    expect(joined.status, joined.text).to.be.below(300);
    const person = await signUpPayingSubscriber(server, { email, username, name: `Ann ${MARKERS.name}` });
    const userId = decodeToken(person.token).sub;
    const call = async (method: string, p: string, json?: unknown, options: { body?: string; headers?: Record<string, string> } = {}) => {
      const answer = await server.call(method, p, { token: person.token, json, ...options });
      if (answer.status >= 300) throw new Error(`${method} ${p}: ${answer.status} ${answer.text}`);
      return answer.body as Record<string, unknown>;
    };

    await call('PUT', '/api/profile', {
      age: 33,
      gender: 'Female',
      height: 66,
      weight: 150,
      targetWeight: 140,
      name: `Ann ${MARKERS.name}`,
      primaryGoal: `goal ${MARKERS.primaryGoal}`,
      secondaryGoal: `second ${MARKERS.secondaryGoal}`,
      accessibilityNeeds: `knee ${MARKERS.accessibilityNeeds}`,
      allergies: `berries ${MARKERS.allergies}`,
      dietType: `diet ${MARKERS.dietType}`,
    });
    const workoutPlan = samplePlan({
      name: `Plan ${MARKERS.workoutPlanName}`,
      description: `about ${MARKERS.workoutPlanDescription}`,
      goal: `goal ${MARKERS.workoutPlanGoal}`,
      level: `level ${MARKERS.workoutPlanLevel}`,
      workouts: [{ day: 1, summary: `legs ${MARKERS.workoutDaySummary}`, exercises: [{ name: `Hop ${MARKERS.workoutPlanExercise}`, sets: 3, reps: 8, duration: 60 }] }],
    });
    const { regimenId } = await call('POST', '/api/savePlan', workoutPlan);
    await call('POST', '/api/savePlan', {
      planType: 'meal',
      name: `Meals ${MARKERS.mealPlanName}`,
      description: `about ${MARKERS.mealPlanDescription}`,
      diet_type: `diet ${MARKERS.mealPlanDiet}`,
      calorie_goal: 2000,
      meals: [{ day: 1, meal_time: 'Lunch', meal: `Soup ${MARKERS.mealName}`, calories: 450, protein_grams: 20, carbs_grams: 50, fats_grams: 20, allergens: `nuts ${MARKERS.mealAllergens}` }],
    });
    const { sessionId } = await call('POST', '/api/workout-session/start', { regimenId });
    const workoutId = ((await server.system.events.readStream(`regimen-${regimenId as string}`))[0]!.data as { days: { exercises: { workoutId: string }[] }[] }).days[0]!.exercises[0]!.workoutId;
    await call('POST', '/api/workout-session/log-exercise', { sessionId, workoutId, sets: 3, reps: 8, weightUsed: 20, notes: `sore ${MARKERS.exerciseNotes}` });
    await call('POST', '/api/workout-session/log-set', { sessionId, exercise: `${MARKERS.customSetExercise} Carry`, weightLb: 50, reps: 5 });
    const strong =
      'Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration\r\n' +
      `2019-01-11 12:31:54;Push ${MARKERS.importWorkoutName};Bench Press (Barbell);1;100;kg;5;8;;;0;grip ${MARKERS.importNotes};tired ${MARKERS.importWorkoutNotes};1h 5m\r\n` +
      `2019-01-11 12:31:54;Push ${MARKERS.importWorkoutName};${MARKERS.importExercise} Press;1;40;kg;8;;;;0;;;1h 5m\r\n`;
    await call('POST', `/api/imports?name=${MARKERS.importFileName}.csv`, undefined, { body: strong, headers: { 'content-type': 'text/csv' } });
    const { ticketId } = await call('POST', '/api/ticket-report', { component: 'Workouts', description: `froze ${MARKERS.ticket}` });
    await call('POST', `/api/tickets/${ticketId as string}/replies`, { message: `still ${MARKERS.ticketReply}` });
    // A food typed with its macros (remembered among the person's own foods) and a quick add's name.
    await call('POST', '/api/food-log', { meal_time: 'Snack', custom: { name: `flapjack ${MARKERS.ownFoodName}`, kcal: 250, carbs: 30 } });
    await call('POST', '/api/food-log', { meal_time: 'Breakfast', kcal: 5, name: `coffee ${MARKERS.quickAddName}` });
    await call('POST', '/api/chat', ask(`my knee ${MARKERS.chat}`));
    await call('POST', '/api/subscribe/cancel-subscription', { reason: `too dear ${MARKERS.cancelReason}` });
    // Staff's reply is sealed with the person's key too: it goes with them.
    const staff = await signUpVerifiedUser(server);
    await grantRole(server, staff.token, 2);
    const answered = await server.call('POST', `/api/tickets/${ticketId as string}/replies`, { token: staff.token, json: { message: `try ${MARKERS.staffReply}` } });
    expect(answered.status, answered.text).to.equal(201);
    await settled(server.system);

    // Before the deletion every marker is somewhere (a read model, the log sealed or not, a mail, the log): the test
    // reaches each field.
    const rawBytes = () => filesUnder(server.dataDir).map((file) => [path.relative(server.dataDir, file), fs.readFileSync(file).toString('latin1')] as const);
    const readModelText = JSON.stringify(await Promise.all(['profiles', 'regimens', 'mealPlans', 'sessionMonths', 'openSessions', 'importedBatches', 'tickets', 'waitlist', 'imports', 'exerciseLog'].map((c) => server.system.readModels.list(c).catch(() => []))));
    const history = JSON.stringify(await server.system.events.readUser(userId)) + JSON.stringify(await server.system.events.readAll(0, 100_000));
    const reached = new Set([...markersIn(history), ...markersIn(readModelText), ...rawBytes().flatMap(([, text]) => markersIn(text))]);
    expect(Object.keys(MARKERS).filter((field) => !reached.has(field)), 'fields the test did not reach').to.deep.equal([]);

    const analytics = async () => Promise.all(SERIES.map(async (series) => (await server.call('GET', `/api/analytics/${series}`, { token: staff.token })).body));
    // The counts stay; the one text the analysts see, a reason typed under Other, reads as forgotten.
    const counted = JSON.parse(JSON.stringify(await analytics()).replace(`too dear ${MARKERS.cancelReason}`, FORGOTTEN)) as unknown;

    const deleted = await server.call('DELETE', '/api/account', { token: person.token, json: { password: person.payload.password } });
    expect(deleted.status, deleted.text).to.equal(200);
    await settled(server.system);

    const left = [
      ...rawBytes().flatMap(([file, text]) => markersIn(text).map((field) => `${field} in ${file}`)),
      ...markersIn(logged.join('')).map((field) => `${field} in the app's log`),
    ];
    expect(left, 'what remains of the person').to.deep.equal([]);
    expect(await analytics(), 'the analysts\' counts').to.deep.equal(counted);

    // A replay reads the forgotten fields as their stand-ins: the read models it writes hold none of the markers, and
    // count the same.
    await server.system.projector.stop();
    await server.system.projector.rebuild();
    await server.system.projector.start();
    expect(rawBytes().flatMap(([file, text]) => markersIn(text).map((field) => `${field} in ${file}`)), 'after a replay').to.deep.equal([]);
    expect(await analytics(), 'the analysts\' counts after a replay').to.deep.equal(counted);
  });
});
