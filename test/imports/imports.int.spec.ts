import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { subscriber, clientFor, type Client } from '../workouts/client.js';
import { grantRole, signUpSubscriber } from '../support/accounts.js';
import { ROLES } from '../../contract/accounts/roles.js';
import { startMinute } from '../../events/imports.js';
import { TRAINING } from '../../events/bounds.js';
import { hevy, hevyLbs, strongFrench, strongLatest, strongNew, strongOld, strongSlashedDayFirst, strongSlashedEither } from './files.js';
import { samplePlan } from '../workouts/plan.js';
import { chunksOf } from '../../services/query/src/chunks.js';
import { importedSessionsProjection, sessionMonthsProjection } from '../../services/query/src/training/api.js';

describe('importing Strong and Hevy exports', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  async function importFile(who: Client, file: string, query = '') {
    const res = await fetch(`${server.url}/api/imports${query}`, { method: 'POST', headers: { Authorization: `Bearer ${who.token}`, 'Content-Type': 'text/csv' }, body: file });
    return { status: res.status, body: await res.json() };
  }
  const berlin = async () => {
    const { token, position } = await signUpSubscriber(server, { timeZone: 'Europe/Berlin', units: 'kg' });
    return clientFor(server, token, position);
  };
  const exportOf = async (who: Client, format: string) => {
    const res = await fetch(`${server.url}/api/export/workouts?format=${format}`, { headers: { Authorization: `Bearer ${who.token}` } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/text\/csv/);
    return res.text();
  };
  /** Sessions and their sets as the Exercise Log shows them, without ids: what a round trip must keep. */
  const sessionsOf = async (who: Client) =>
    ((await who.get('/api/exercise-logs')).body as { start_time: string; name?: string; total_duration_minutes: number; exercises: { workout_id: string; sets: number; reps_per_set: number; weight_used_lb: number }[] }[]).map((s) => ({
      start: s.start_time,
      name: s.name,
      minutes: s.total_duration_minutes,
      exercises: s.exercises.map((e) => `${e.workout_id} ${e.sets}x${e.reps_per_set}@${e.weight_used_lb}`),
    }));

  it('previews a file, imports exactly the preview, shows it everywhere marked with its source, and undoes it', async () => {
    const ann = await berlin();
    const head = await server.system.events.headPosition();
    const preview = await importFile(ann, strongOld, '?dryRun=1');
    expect(preview.status).to.equal(200);
    expect(await server.system.events.headPosition(), 'a preview writes nothing').to.equal(head);
    expect(preview.body).to.deep.include({ importId: null, source: 'strong', workouts: 2, sets: 6, exercises: 4, skipped: 0, duplicateOf: null, unmatched: ['Running', 'Zercher Carry'] });
    // Read in the profile's zone: 12:31:54 in Berlin in January is 11:31:54 UTC.
    expect(preview.body.from).to.equal('2019-01-11T11:31:54.000Z');
    expect(preview.body.to).to.equal('2019-01-14T17:02:10.000Z');

    const done = await importFile(ann, strongOld, '?name=strong.csv');
    expect(done.status).to.equal(201);
    const { importId, position, dryRun: _d, duplicateOf: _dup, ...summary } = done.body;
    const { importId: _n, dryRun: _d2, duplicateOf: _dup2, ...previewed } = preview.body;
    expect(summary, 'the import is the preview').to.deep.equal(previewed);
    const client = clientFor(server, ann.token, position);

    const log = (await client.get('/api/exercise-logs')).body;
    expect(log).to.have.length(2);
    expect(log[1]).to.deep.include({ imported_from: 'strong', import_id: importId, name: 'Push A', start_time: '2019-01-11T11:31:54.000Z', total_duration_minutes: 65 });
    // The warm-up is left out of the workload, as for a session logged in the app.
    expect(log[1].exercises[0]).to.deep.include({ workout_id: 'barbell-bench-press', sets: 2, reps_per_set: 5, weight_used_lb: 220.46, weight: 100, unit: 'kg' });
    // A cardio row keeps its distance and time, as the file had them.
    expect(log[0].exercises.find((e: { workout_name: string }) => e.workout_name === 'Running')).to.deep.include({ sets: 1, reps_per_set: 0, distance: 3.2, distance_unit: 'km', seconds: 1200 });

    const recordsRes = (await client.get('/api/records')).body;
    const records = recordsRes as { exercise: string; source: string; best_weight: unknown; import_id?: string }[];
    const bench = records.find((r) => r.exercise === 'barbell-bench-press')!;
    expect(bench).to.deep.include({ source: 'strong', import_id: importId, best_weight: { value: 100, unit: 'kg' } });
    const history = (await client.get('/api/records/barbell-bench-press/history')).body;
    expect(history.sessions).to.have.length(1);
    expect(history.sessions[0].top_set).to.include({ weight: 100, unit: 'kg', reps: 5 });

    const listed = (await client.get('/api/imports')).body;
    expect(listed[0]).to.include({ import_id: importId, source: 'strong', status: 'completed', workouts: 2, sets: 6, file_name: 'strong.csv' });
    // Stored apart: the import's batch and its completion, none of it in the user's sessions' months.
    const stored = () => server.system.readModels.range<{ import_id: string }>(importedSessionsProjection.name, chunksOf(ann.userId));
    expect((await stored()).map((d) => d.import_id)).to.deep.equal([importId, importId]);
    expect(await server.system.readModels.range(sessionMonthsProjection.name, chunksOf(ann.userId))).to.deep.equal([]);

    // Another user can neither see nor undo it.
    const bob = await subscriber(server);
    expect((await bob.del(`/api/imports/${importId}`)).status).to.equal(404);
    expect((await bob.get('/api/imports')).body).to.deep.equal([]);

    const undone = await client.del(`/api/imports/${importId}`);
    expect(undone.status).to.equal(200);
    expect((await client.get('/api/exercise-logs')).body).to.deep.equal([]);
    expect((await client.get('/api/records')).body).to.deep.equal([]);
    expect((await client.get('/api/records/barbell-bench-press/history')).status).to.equal(404);
    expect((await client.get('/api/imports')).body[0]).to.include({ import_id: importId, status: 'undone' });
    expect(await stored(), 'the undo erased every doc of the import').to.deep.equal([]);
    expect((await client.del(`/api/imports/${importId}`)).status, 'undone once').to.equal(409);
    // The log keeps the import and its undo.
    const types = (await server.system.events.readUser(ann.userId)).map((e) => e.type);
    expect(types).to.include.members(['ImportStarted', 'WorkoutsImported', 'ImportCompleted', 'ImportUndone']);

    // Once undone, the same file may come in again.
    expect((await importFile(client, strongOld)).status).to.equal(201);
  });

  it('draws imported workouts on /prog, named as the file did, its workouts chart from before the account’s first day, until undone', async () => {
    // Given an account opened on Wednesday 18 November 2026 (New York), which imports two workouts of the weeks before
    server.clock.set('2026-11-18T15:00:00Z');
    const { token, position } = await signUpSubscriber(server, { timeZone: 'America/New_York' });
    const file =
      'Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration\r\n' +
      '2026-11-03 18:00:00;Legs;Squat (Barbell);1;100;kg;5;;;;0;;;1h\r\n' +
      '2026-11-10 18:00:00;Legs;Squat (Barbell);1;105;kg;5;;;;0;;;1h\r\n';
    const done = await importFile(clientFor(server, token, position), file);
    expect(done.status).to.equal(201);
    const client = clientFor(server, token, done.body.position);
    // When the person opens /prog
    const overview = (await client.get('/api/progress/overview')).body;
    // Then the workouts chart starts at the first imported workout's week, not at the account's
    expect(overview.since, "the account's first day: the earliest As of").to.equal('2026-11-18');
    // And its recent activity names the workouts as the file did, and where they came from
    expect(overview.activity[0]).to.deep.include({ type: 'workout', detail: 'Legs (60 min, 1 exercise), imported from Strong' });
    expect(overview.workouts.history).to.deep.equal([
      { wk: '11/02', workouts: 1 },
      { wk: '11/09', workouts: 1 },
      { wk: '11/16', workouts: 0 },
    ]);
    // And once undone, it starts at the account's first week again
    await client.del(`/api/imports/${done.body.importId}`);
    expect((await client.get('/api/progress/overview')).body.workouts.history).to.deep.equal([{ wk: '11/16', workouts: 0 }]);
  });

  it('tells a new record only against the records the person sees: the app’s and those of imports that count', async () => {
    // Given 80 kg × 5 on the bench in the app, then the import of a Strong export holding 100 kg × 5
    const ann = await berlin();
    const regimenId = await ann.savePlan(samplePlan({ name: 'Bench day', workouts: [{ day: 1, summary: 'Push', exercises: [{ name: 'Barbell Bench Press', sets: 3, reps: '5', duration: 90 }] }] }));
    const benchSession = async (who: Client, weightKg: number) => {
      const { sessionId } = (await who.post('/api/workout-session/start', { regimenId })).body as { sessionId: string };
      expect((await who.post('/api/workout-session/log-set', { sessionId, exercise: 'Bench Press (Barbell)', weightKg, reps: 5 })).status).to.equal(201);
      expect((await who.put('/api/workout-session/end', { sessionId, totalDuration: 30, completedExercises: [] })).status).to.equal(200);
      return sessionId;
    };
    await benchSession(ann, 80);
    const done = await importFile(ann, strongOld);
    expect(done.status).to.equal(201);
    const client = clientFor(server, ann.token, done.body.position);
    // When 90 kg × 5 is logged in the app
    const s2 = await benchSession(client, 90);
    // Then the session is told no new record, here or on the dashboard: 100 kg of the import stands
    expect((await client.get(`/api/records/sessions/${s2}`)).body.new_records).to.deep.equal([]);
    expect((await client.get('/api/records/recent')).body).to.deep.equal([]);
    // And once the import is undone, 90 kg is news against the app's 80 kg
    expect((await client.del(`/api/imports/${done.body.importId}`)).status).to.equal(200);
    const told = (await client.get(`/api/records/sessions/${s2}`)).body.new_records as { kind: string; weight: number; unit: string; previous_lb: number }[];
    expect(told.find((r) => r.kind === 'weight')).to.deep.include({ weight: 90, unit: 'kg', previous_lb: 176.37 });
    expect((await client.get('/api/records/recent')).body.map((r: { session_id: string }) => r.session_id)).to.include(s2);
  });

  it('reads a year imported from Strong as the tracker’s history: previous, repeat-last-set, the target, records; undone, the app’s alone', async () => {
    // Given a person in Berlin who trains in kg, with a plan of Incline Dumbbell Press for 8-12
    server.clock.set('2026-11-18T17:00:00Z');
    const ann = await berlin();
    const regimenId = await ann.savePlan(samplePlan({ name: 'Push day', workouts: [{ day: 1, summary: 'Push', exercises: [{ name: 'Incline Dumbbell Press', sets: 3, reps: '8-12', duration: 90 }] }] }));
    // And a Strong export of three workouts of it (Strong's name for it), a warm-up before the working sets
    const row = (date: string, order: string, weight: number, reps: number) => `${date};Push;Incline Bench Press (Dumbbell);${order};${weight};kg;${reps};;;;0;;;1h\r\n`;
    const file =
      'Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration\r\n' +
      [12, 12, 11].map((reps, i) => row('2026-10-01 12:00:00', String(i + 1), 30, reps)).join('') +
      row('2026-10-06 12:00:00', 'W', 15, 10) +
      [12, 12, 12].map((reps, i) => row('2026-10-06 12:00:00', String(i + 1), 30, reps)).join('') +
      row('2026-10-09 12:00:00', 'W', 15, 10) +
      [12, 12, 12].map((reps, i) => row('2026-10-09 12:00:00', String(i + 1), 30, reps)).join('');
    // When it is imported
    const done = await importFile(ann, file);
    expect(done.status, JSON.stringify(done.body)).to.equal(201);
    const client = clientFor(server, ann.token, done.body.position);
    // Then the plan's target and its reason come from the last two imported workouts, in kg
    const targetOf = async () => ((await client.get(`/api/workout-session/workouts/${regimenId}`)).body as { exercise: string; target_weight: unknown; target_reps: number; reason: string }[])[0]!;
    expect(await targetOf()).to.deep.include({ exercise: 'incline-dumbbell-press', target_weight: { value: 32.5, unit: 'kg' }, target_reps: 8, reason: '3×12 at 30 kg on Oct 6 and Oct 9: every set reached 12 reps twice → try 32.5 kg for 8–12 reps.' });
    // And a session started now shows the last imported workout as previous, dated by its start (12:00 in Berlin)
    const start = async () => (await client.post('/api/workout-session/start', { regimenId })).body.sessionId as string;
    type Shown = { date: string; sets: { weight: number; unit: string; reps: number; warmup: boolean }[] };
    const previousOf = async (sessionId: string) => (await client.get(`/api/records/sessions/${sessionId}`)).body.previous['incline-dumbbell-press'] as Shown | undefined;
    const s1 = await start();
    const previous = (await previousOf(s1))!;
    expect(previous.date).to.equal('2026-10-09T10:00:00.000Z');
    expect(previous.sets.map((s) => `${s.weight} ${s.unit} × ${s.reps}${s.warmup ? ' W' : ''}`)).to.deep.equal(['15 kg × 10 W', '30 kg × 12', '30 kg × 12', '30 kg × 12']);
    // And repeat-last-set offers its first working set (SetLogger.tsx: the previous column's first set not a warm-up)
    expect(previous.sets.find((s) => !s.warmup)).to.deep.include({ weight: 30, unit: 'kg', reps: 12 });
    // When the tracker logs 32.5 kg × 12, beyond the imported 30 kg, and ends the session
    expect((await client.post('/api/workout-session/log-set', { sessionId: s1, exercise: 'Incline Dumbbell Press', weightKg: 32.5, reps: 12 })).status).to.equal(201);
    expect((await client.put('/api/workout-session/end', { sessionId: s1, totalDuration: 30, completedExercises: [] })).status).to.equal(200);
    // Then it is a new record against the imported 30 kg (66.14 lb)
    const told = (await client.get(`/api/records/sessions/${s1}`)).body.new_records as { kind: string; weight: number; unit: string; previous_lb: number }[];
    expect(told.find((r) => r.kind === 'weight')).to.deep.include({ weight: 32.5, unit: 'kg', previous_lb: 66.14 });
    // When the import is undone
    expect((await client.del(`/api/imports/${done.body.importId}`)).status).to.equal(200);
    // Then previous, repeat-last-set and the target are the app's session alone
    const s2 = await start();
    expect((await previousOf(s2))!.sets.map((s) => `${s.weight} ${s.unit} × ${s.reps}`)).to.deep.equal(['32.5 kg × 12']);
    expect((await targetOf()).reason).to.equal('1×12 at 32.5 kg on Nov 18 → stay at 32.5 kg and aim for 12 reps a set.');
  });

  it('recognises the same file twice, and skips the sessions a file shares with what is logged', async () => {
    const ann = await berlin();
    const first = await importFile(ann, strongOld);
    expect(first.status).to.equal(201);
    const head = await server.system.events.headPosition();
    const again = await importFile(ann, strongOld);
    expect(again.status).to.equal(409);
    expect(again.body.message).to.contain(first.body.importId);
    expect((await importFile(ann, strongOld, '?dryRun=1')).body.duplicateOf).to.equal(first.body.importId);
    expect(await server.system.events.headPosition()).to.equal(head);

    // A later export of the same app: one workout already in, one new.
    const later = strongOld + '2019-01-16 18:00:00;Legs;Squat (Barbell);1;142.5;kg;3;;;;0;;;40m\r\n';
    const overlap = await importFile(ann, later);
    expect(overlap.status).to.equal(201);
    expect(overlap.body).to.include({ workouts: 1, skipped: 2, sets: 1 });
    const log = (await clientFor(server, ann.token, overlap.body.position).get('/api/exercise-logs')).body;
    expect(log).to.have.length(3);
  });

  it('lets an import cut short (its process gone before it completed) be undone, or the file imported again, at once', async () => {
    const ann = await berlin();
    // The process dies as the import is about to complete: its start and its batches are in the log, nothing more.
    const store = server.system.events;
    const append = store.append.bind(store);
    const killedBeforeCompletion = async (file: string) => {
      store.append = async (stream, events, expected, options) => {
        if (events.some((e) => e.type === 'ImportCompleted')) throw new Error('killed');
        return append(stream, events, expected, options);
      };
      try {
        expect((await importFile(ann, file)).status).to.equal(500);
      } finally {
        store.append = append;
      }
    };
    await killedBeforeCompletion(strongOld);
    const again = await importFile(ann, strongOld);
    expect(again.status, again.body.message).to.equal(201);
    expect(again.body).to.include({ workouts: 2, skipped: 0 });

    await killedBeforeCompletion(hevy);
    const cut = ((await clientFor(server, ann.token, await store.headPosition()).get('/api/imports')).body as { import_id: string; status: string }[]).find((i) => i.status === 'running')!;
    const undo = await fetch(`${server.url}/api/imports/${cut.import_id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${ann.token}` } });
    expect(undo.status, await undo.text()).to.equal(200);
    const imports = (await clientFor(server, ann.token, await store.headPosition()).get('/api/imports')).body as { status: string }[];
    expect(imports.map((i) => i.status).sort()).to.deep.equal(['completed', 'undone', 'undone']);
    expect((await clientFor(server, ann.token, await store.headPosition()).get('/api/exercise-logs')).body).to.have.length(2);
  });

  it('refuses a bad file whole, naming the line and column, and appends nothing', async () => {
    const ann = await berlin();
    const head = await server.system.events.headPosition();
    const cases: [string, string][] = [
      ['Date,Exercise,Reps\n2024-01-01 10:00,Bench,5\n', 'Line 1'],
      [strongOld.replace('Squat (Barbell);1;140;', 'Squat (Barbell);1;heavy;'), 'Line 7, column Weight: "heavy" is not a number'],
      [strongOld.replace('2019-01-14 18:02:10;Legs;Running', '2019-02-30 18:02:10;Legs;Running'), 'Line 8, column Date'],
      [hevy.replace('28 Jul 2025, 18:30', 'yesterday'), 'Line 6, column start_time'],
      [strongNew.replace('"5","0","0","","","8"', '"5.5","0","0","","","8"'), 'Line 2, column Reps'],
      [strongOld.split('\r\n')[0] + '\r\n', 'no sets'],
      ['', 'Send the exported file'],
    ];
    for (const [file, message] of cases) {
      const res = await importFile(ann, file);
      expect(res.status, message).to.equal(400);
      expect(res.body.message).to.contain(message);
    }
    const wrongType = await fetch(`${server.url}/api/imports`, { method: 'POST', headers: { Authorization: `Bearer ${ann.token}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect(wrongType.status).to.equal(400);
    expect((await importFile(ann, strongOld, `?remap=${encodeURIComponent(JSON.stringify({ Running: 'Not A Lift' }))}`)).status).to.equal(400);
    expect(await server.system.events.headPosition()).to.equal(head);
  });

  it('re-maps a name to a catalog exercise, or keeps a matched one as the person’s own, before importing', async () => {
    const ann = await berlin();
    const remap = (names: Record<string, string | null>) => `?remap=${encodeURIComponent(JSON.stringify(names))}&dryRun=1`;
    const res = await importFile(ann, hevy, remap({ 'My Odd Curl': 'Hammer Curl' }));
    expect(res.status).to.equal(200);
    expect(res.body.unmatched).to.deep.equal(['Treadmill']);
    expect(res.body.matched.map((m: { name: string }) => m.name)).to.include('My Odd Curl');
    // The other way: a name the catalog matches, kept as the person's own exercise under the file's name
    const own = await importFile(ann, hevy, remap({ 'Bench Press (Barbell)': null }));
    expect(own.body.unmatched).to.deep.equal(['Bench Press (Barbell)', 'My Odd Curl', 'Treadmill']);
    expect(own.body.matched).to.deep.equal([]);
    const done = await importFile(ann, hevy, remap({ 'Bench Press (Barbell)': null }).replace('&dryRun=1', ''));
    const log = (await clientFor(server, ann.token, done.body.position).get('/api/exercise-logs')).body as { exercises: { workout_id: string; workout_name: string }[] }[];
    expect(log.flatMap((s) => s.exercises).find((e) => e.workout_id === 'custom-barbell-bench-press')).to.include({ workout_name: 'Bench Press (Barbell)' });
  });

  it('reads slashed dates in the order the file settles, else the one chosen, says which, and refuses a file that reads either way without a choice', async () => {
    const ann = await berlin();
    const head = await server.system.events.headPosition();
    const dayFirst = await importFile(ann, strongSlashedDayFirst, '?dryRun=1');
    expect(dayFirst.status, JSON.stringify(dayFirst.body)).to.equal(200);
    expect(dayFirst.body.dates).to.include({ order: 'dmy', source: 'file' });
    // Read in the profile's zone (Berlin): 07:15 on 29 November is 06:15 UTC.
    expect(dayFirst.body.to).to.equal('2025-11-29T06:15:00.000Z');
    const either = await importFile(ann, strongSlashedEither, '?dryRun=1');
    expect(either.status).to.equal(400);
    expect(either.body.message).to.match(/^Line 2: "03\/11\/2025 18:05" and every other date of the file read either way/);
    const chosen = await importFile(ann, strongSlashedEither, '?dryRun=1&dates=mdy');
    expect(chosen.body.dates).to.include({ order: 'mdy', source: 'chosen' });
    expect(chosen.body.from).to.equal('2025-03-11T17:05:00.000Z');
    const bad = await importFile(ann, strongSlashedEither, '?dryRun=1&dates=ymd');
    expect([bad.status, bad.body.message]).to.deep.equal([400, 'dates must be dmy (day first) or mdy (month first)']);
    expect((await importFile(ann, strongOld, '?dryRun=1')).body.dates).to.equal(null);
    expect(await server.system.events.headPosition(), 'previews and refusals write nothing').to.equal(head);
  });

  it('lets one whose subscription ended see and undo their imports and export them, but not import again', async () => {
    const ann = await berlin();
    const done = await importFile(ann, strongOld);
    expect(done.status).to.equal(201);
    await grantRole(server, ann.token, ROLES.user);
    const lapsed = clientFor(server, ann.token, await server.system.events.headPosition());
    expect((await importFile(lapsed, strongNew, '?dryRun=1')).status).to.equal(403);
    expect((await lapsed.get('/api/imports')).body.map((i: { import_id: string }) => i.import_id)).to.deep.equal([done.body.importId]);
    expect(await exportOf(lapsed, 'strong')).to.contain('Push A');
    const undo = await fetch(`${server.url}/api/imports/${done.body.importId}`, { method: 'DELETE', headers: { Authorization: `Bearer ${ann.token}` } });
    expect(undo.status, await undo.text()).to.equal(200);
    expect((await clientFor(server, ann.token, await server.system.events.headPosition()).get('/api/imports')).body[0]).to.include({ status: 'undone' });
  });

  it('round-trips through both export formats: the same sessions and sets', async () => {
    for (const format of ['strong', 'hevy']) {
      const ann = await berlin();
      for (const file of [strongOld, hevy]) expect((await importFile(ann, file)).status).to.equal(201);
      const text = await exportOf(ann, format);
      // A name that would be a formula goes out as text and comes back as written.
      expect(text).to.contain(`"'=Run"`);
      const bob = await berlin();
      const back = await importFile(bob, text);
      expect(back.status, JSON.stringify(back.body)).to.equal(201);
      // Hevy writes times to the minute; Strong to the second.
      const atMinute = (sessions: Awaited<ReturnType<typeof sessionsOf>>) => (format === 'hevy' ? sessions.map((s) => ({ ...s, start: startMinute(s.start) })) : sessions);
      expect(await sessionsOf(clientFor(server, bob.token, back.body.position)), format).to.deep.equal(atMinute(await sessionsOf(ann)));
      // Into the account it came from, every session is already there.
      const home = await importFile(ann, text);
      expect(home.body).to.include({ workouts: 0, skipped: 4 });
    }
  });

  it('says in the preview which unit it reads weights in and why, takes ?unit= over it, and refuses any other unit', async () => {
    // Given a person whose profile is in lb, and a French Strong export of a kg year, which names no unit
    const { token, position } = await signUpSubscriber(server, { timeZone: 'Europe/Paris', units: 'lb' });
    const ann = clientFor(server, token, position);
    const head = await server.system.events.headPosition();
    // When it is previewed, the answer says kg, inferred from the weights, and why
    const inferred = await importFile(ann, strongFrench, '?dryRun=1');
    expect(inferred.status, JSON.stringify(inferred.body)).to.equal(200);
    expect(inferred.body).to.deep.include({ workouts: 2, sets: 7, notes: 2, dropSets: 0, failureSets: 0, layout: 'Strong export, 12 columns separated by semicolons, header not in English' });
    expect(inferred.body.unit).to.include({ unit: 'kg', source: 'inferred' });
    expect(inferred.body.unit.why).to.match(/kilogram steps/);
    // And a standing curl or raise is no seated one: each is kept as the person's own
    expect(inferred.body.unmatched).to.deep.equal(['Bicep Curl (Dumbbell)', 'Lateral Raise (Dumbbell)']);
    expect(inferred.body.matched.map((m: { name: string; catalogName: string }) => `${m.name} → ${m.catalogName}`)).to.deep.equal(['Bench Press (Barbell) → Barbell Bench Press', 'Seated Lateral Raise (Dumbbell) → Seated Dumbbell Lateral Raise', 'Squat (Barbell) → Barbell Back Squat']);
    // When lb is chosen, it is lb, chosen
    expect((await importFile(ann, strongFrench, '?dryRun=1&unit=lb')).body.unit).to.include({ unit: 'lb', source: 'chosen' });
    // And a unit of neither kind is a 400 naming it
    const bad = await importFile(ann, strongFrench, '?dryRun=1&unit=stone');
    expect(bad.status).to.equal(400);
    expect(bad.body.message).to.equal('unit must be kg or lb');
    expect(await server.system.events.headPosition(), 'previews and refusals write nothing').to.equal(head);
    // When imported as inferred, the squat is 130 kg, not 130 lb
    const done = await importFile(ann, strongFrench);
    expect(done.status).to.equal(201);
    const log = (await clientFor(server, ann.token, done.body.position).get('/api/exercise-logs')).body as { name: string; exercises: { workout_name: string; weight: number; unit: string }[] }[];
    expect(log.find((s) => s.name === 'Jambes')!.exercises.find((e) => e.workout_name === 'Barbell Back Squat')).to.include({ weight: 130, unit: 'kg' });
  });

  it('gives back through both exports the names, notes, set kinds and workouts the files had, the same again after a round trip', async () => {
    for (const format of ['strong', 'hevy']) {
      // Given a person who imported a French Strong year (kg), the newest Strong export and a Hevy file in lbs
      const ann = await berlin();
      for (const file of [strongFrench, strongLatest, hevyLbs]) expect((await importFile(ann, file)).status).to.equal(201);
      // When they export
      const text = await exportOf(ann, format);
      // Then the exercises go out under the names the files gave them, not the catalog's
      expect(text, format).to.contain('Squat (Barbell)').and.to.contain('Bicep Curl (Dumbbell)').and.to.contain('Lateral Raise (Dumbbell)');
      expect(text).not.to.contain('Barbell Back Squat');
      // And the notes, with their quotes and line breaks, and the workouts' names
      expect(text).to.contain('"genou ""ok"""').and.to.contain('bonne séance\r\nfatigué'.replace('\r', '')).and.to.contain('Short one, ""pump"" only\nthen home').and.to.contain('Jambes');
      // And the drop and failure sets as each app writes them
      if (format === 'strong') expect(text).to.match(/;Deadlift \(Barbell\);F;180;kg;2;/).and.to.match(/;Lat Pulldown \(Cable\);D;50;kg;8;/);
      else expect(text).to.match(/Deadlift \(Barbell\),,,1,failure,/).and.to.match(/Lat Pulldown \(Cable\),,,1,dropset,/);
      // When another person imports that export and exports again, the file is the same
      const bob = await berlin();
      const back = await importFile(bob, text);
      expect(back.status, JSON.stringify(back.body)).to.equal(201);
      expect(back.body).to.include({ workouts: 4, sets: 16, dropSets: 2, failureSets: 2 });
      expect(await exportOf(clientFor(server, bob.token, back.body.position), format), format).to.equal(text);
    }
  });

  it('refuses, in the preview and the import, a file past the exercises the imports may hold together; an undo makes room', async () => {
    const ann = await berlin();
    /** A Strong file of `count` exercises of its own, one set each, forty to a workout, from `day` on. */
    const fileOf = (count: number, prefix: string, day: number) =>
      strongOld.split('\r\n')[0] +
      '\r\n' +
      Array.from({ length: count }, (_, i) => `${new Date(Date.UTC(2018, 0, day + Math.floor(i / 40), 9)).toISOString().slice(0, 19).replace('T', ' ')};W;${prefix} Move ${i};1;50;kg;5;;;;0;;;1h\r\n`).join('');
    const head = await server.system.events.headPosition();
    for (const query of ['?dryRun=1', '']) {
      const tooMany = await importFile(ann, fileOf(TRAINING.importedExercises + 1, 'Odd', 1), query);
      expect(tooMany.status, query).to.equal(409);
      expect(tooMany.body.message).to.equal('This file names 2,001 different exercises, and your imports may hold at most 2,000 in all: nothing was imported');
    }
    expect(await server.system.events.headPosition()).to.equal(head);

    const first = await importFile(ann, fileOf(1500, 'First', 1));
    expect(first.status, first.body.message).to.equal(201);
    expect(first.body.exercises).to.equal(1500);
    const second = fileOf(600, 'Second', 200);
    for (const query of ['?dryRun=1', '']) {
      const refused = await importFile(ann, second, query);
      expect(refused.status, query).to.equal(409);
      expect(refused.body.message).to.match(/^Your imports hold 1,500 exercises \(each import counts its own\), and this file's 600 would pass the 2,000 they may hold in all\. Undo an import/);
    }
    const undo = await fetch(`${server.url}/api/imports/${first.body.importId}`, { method: 'DELETE', headers: { Authorization: `Bearer ${ann.token}` } });
    expect(undo.status).to.equal(200);
    expect((await importFile(ann, second)).status).to.equal(201);
  });

  it('counts the hour\'s files per user before reading them', async () => {
    const limited = await startTestServer({ IMPORTS_MAX_PER_HOUR: '2' });
    try {
      const { token, position } = await signUpSubscriber(limited);
      const who = clientFor(limited, token, position);
      const post = () => fetch(`${limited.url}/api/imports?dryRun=1`, { method: 'POST', headers: { Authorization: `Bearer ${who.token}`, 'Content-Type': 'text/csv' }, body: strongNew });
      expect((await post()).status).to.equal(200);
      expect((await post()).status).to.equal(200);
      const third = await post();
      expect(third.status).to.equal(429);
      expect(third.headers.get('retry-after')).to.match(/^\d+$/);
    } finally {
      await limited.stop();
    }
  });
});
