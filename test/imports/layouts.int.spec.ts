import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { clientFor, type Client } from '../workouts/client.js';
import { signUpSubscriber } from '../support/accounts.js';
import { startMinute } from '../../events/imports.js';
import * as files from './files.js';

/** What one hand-made file must import as: the answer's counts and unit, then what the Exercise Log reads back. */
interface Case {
  file: keyof typeof files;
  query?: string;
  /** `notes`: the workouts and sets that carry one. */
  answer: { workouts: number; sets: number; unit: 'kg' | 'lb'; unitSource: string; notes: number; dropSets: number; failureSets: number; dates?: 'dmy' | 'mdy' };
  /** The sessions' names, oldest first; the sets the log counts (warm-ups are left out of a workload); the notes and set kinds it shows. */
  log: { names: string[]; workingSets: number; workoutNotes: string[]; setNotes: string[]; setTypes: string[] };
}

const none = { workoutNotes: [], setNotes: [], setTypes: [] };
const CASES: Case[] = [
  { file: 'strongOld', answer: { workouts: 2, sets: 6, unit: 'kg', unitSource: 'file', notes: 2, dropSets: 0, failureSets: 0 }, log: { names: ['Push A', 'Legs'], workingSets: 5, workoutNotes: ['great\r\nsession'], setNotes: ['felt heavy; grip, wide'], setTypes: [] } },
  { file: 'strongNew', answer: { workouts: 2, sets: 3, unit: 'kg', unitSource: 'profile', notes: 1, dropSets: 0, failureSets: 0 }, log: { names: ['Morning', 'Morning'], workingSets: 3, workoutNotes: [], setNotes: ['PR, finally'], setTypes: [] } },
  { file: 'strong2018', answer: { workouts: 2, sets: 6, unit: 'lb', unitSource: 'inferred', notes: 1, dropSets: 0, failureSets: 0 }, log: { names: ['Legs', 'Press'], workingSets: 6, workoutNotes: [], setNotes: ['new PR, finally'], setTypes: [] } },
  { file: 'strongSemicolon', answer: { workouts: 1, sets: 5, unit: 'kg', unitSource: 'inferred', notes: 0, dropSets: 0, failureSets: 0 }, log: { names: ['Oberkörper'], workingSets: 5, ...none } },
  { file: 'strongLatest', answer: { workouts: 1, sets: 5, unit: 'kg', unitSource: 'file', notes: 1, dropSets: 1, failureSets: 1 }, log: { names: ['Pull'], workingSets: 5, workoutNotes: ['early one'], setNotes: [], setTypes: ['failure', 'drop'] } },
  { file: 'strongFrench', answer: { workouts: 2, sets: 7, unit: 'kg', unitSource: 'inferred', notes: 2, dropSets: 0, failureSets: 0 }, log: { names: ['Jambes', 'Haut'], workingSets: 6, workoutNotes: ['bonne séance\nfatigué'], setNotes: ['genou "ok"'], setTypes: [] } },
  { file: 'strongGerman', answer: { workouts: 1, sets: 5, unit: 'lb', unitSource: 'inferred', notes: 0, dropSets: 0, failureSets: 0 }, log: { names: ['Push'], workingSets: 5, ...none } },
  { file: 'strongUnknownCyrillic', answer: { workouts: 2, sets: 7, unit: 'kg', unitSource: 'inferred', notes: 2, dropSets: 1, failureSets: 1 }, log: { names: ['Ноги', 'Верх'], workingSets: 6, workoutNotes: ['тяжело\nно хорошо'], setNotes: ['колено "ок"'], setTypes: ['failure', 'drop'] } },
  { file: 'strongUnknownLatest', answer: { workouts: 1, sets: 4, unit: 'lb', unitSource: 'file', notes: 1, dropSets: 0, failureSets: 1 }, log: { names: ['Selg'], workingSets: 4, workoutNotes: [], setNotes: ['konks, "haare"'], setTypes: ['failure'] } },
  { file: 'strongUnknownUnitColumn', answer: { workouts: 2, sets: 5, unit: 'kg', unitSource: 'file', notes: 2, dropSets: 0, failureSets: 0 }, log: { names: ['Asubuhi', 'Kukimbia'], workingSets: 4, workoutNotes: ['mvua\nnje'], setNotes: ['pole, pole'], setTypes: [] } },
  { file: 'strongSlashedDayFirst', answer: { workouts: 2, sets: 3, unit: 'kg', unitSource: 'file', notes: 0, dropSets: 0, failureSets: 0, dates: 'dmy' }, log: { names: ['Legs', 'Push'], workingSets: 3, ...none } },
  { file: 'strongSlashedMonthFirst', answer: { workouts: 2, sets: 3, unit: 'lb', unitSource: 'file', notes: 0, dropSets: 0, failureSets: 0, dates: 'mdy' }, log: { names: ['Legs', 'Push'], workingSets: 3, ...none } },
  { file: 'strongSlashedEither', query: '?dates=dmy', answer: { workouts: 2, sets: 2, unit: 'kg', unitSource: 'file', notes: 0, dropSets: 0, failureSets: 0, dates: 'dmy' }, log: { names: ['Legs', 'Push'], workingSets: 2, ...none } },
  { file: 'hevy', answer: { workouts: 2, sets: 5, unit: 'kg', unitSource: 'file', notes: 1, dropSets: 1, failureSets: 1 }, log: { names: ['Upper, heavy', '=Run'], workingSets: 4, workoutNotes: [], setNotes: ['=1+1'], setTypes: ['failure', 'drop'] } },
  { file: 'hevyLbs', answer: { workouts: 1, sets: 4, unit: 'lb', unitSource: 'file', notes: 2, dropSets: 1, failureSets: 1 }, log: { names: ['Arms'], workingSets: 4, workoutNotes: ['Short one, "pump" only\nthen home'], setNotes: ['slow, 3 s down'], setTypes: ['failure', 'drop'] } },
];

interface LogEntry { workout_id: string; workout_name: string; sets: number; reps_per_set: number; weight?: number; unit?: string; set_type?: string; notes?: string; distance?: number; seconds?: number }
interface LogSession { start_time: string; name?: string; notes?: string; total_duration_minutes: number; exercises: LogEntry[] }

describe('importing every Strong and Hevy layout over HTTP, read back from the Exercise Log, and round trips through both exports', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  const berlin = async () => {
    const { token, position } = await signUpSubscriber(server, { timeZone: 'Europe/Berlin', units: 'kg' });
    return clientFor(server, token, position);
  };
  async function importFile(who: Client, file: string, query = '') {
    const res = await fetch(`${server.url}/api/imports${query}`, { method: 'POST', headers: { Authorization: `Bearer ${who.token}`, 'Content-Type': 'text/csv' }, body: file });
    return { status: res.status, body: await res.json() };
  }
  const exportOf = async (who: Client, format: string) => {
    const res = await fetch(`${server.url}/api/export/workouts?format=${format}`, { headers: { Authorization: `Bearer ${who.token}` } });
    expect(res.status).to.equal(200);
    return res.text();
  };
  /** The Exercise Log, oldest session first. */
  const logOf = async (who: Client) => ((await who.get('/api/exercise-logs')).body as LogSession[]).slice().sort((a, b) => a.start_time.localeCompare(b.start_time));
  /**
   * Everything a round trip must keep of the log: the workouts, their names and notes, each entry's sets, weight, unit,
   * kind and note. Hevy writes times to the minute, and keeps a note per exercise of a workout, not per set: through
   * it a note comes back on its exercise's first set, so there the notes are compared exercise by exercise.
   */
  const kept = (sessions: LogSession[], hevy: boolean) =>
    sessions.map((s) => ({
      start: hevy ? startMinute(s.start_time) : s.start_time,
      name: s.name,
      notes: s.notes,
      minutes: s.total_duration_minutes,
      exercises: s.exercises.map((e) => `${e.workout_id} ${e.sets}x${e.reps_per_set} @${e.weight} ${e.unit}${e.set_type ? ` ${e.set_type}` : ''}${e.distance ? ` ${e.distance}` : ''}${e.seconds ? ` ${e.seconds}s` : ''}${e.notes && !hevy ? ` | ${e.notes}` : ''}`),
      ...(hevy ? { exerciseNotes: s.exercises.flatMap((e) => (e.notes ? [`${e.workout_id} | ${e.notes}`] : [])) } : {}),
    }));

  for (const c of CASES) {
    it(`${c.file}: ${c.answer.workouts} workouts, ${c.answer.sets} sets in ${c.answer.unit} (${c.answer.unitSource}), notes and set kinds in the log, and the same again through the Strong and the Hevy export`, async () => {
      const ann = await berlin();
      const text = files[c.file];
      const preview = await importFile(ann, text, `${c.query ?? '?'}${c.query ? '&' : ''}dryRun=1`);
      expect(preview.status, JSON.stringify(preview.body)).to.equal(200);
      const done = await importFile(ann, text, c.query ?? '');
      expect(done.status, JSON.stringify(done.body)).to.equal(201);
      const { answer } = c;
      for (const body of [preview.body, done.body]) {
        expect(body).to.deep.include({ source: c.file.startsWith('hevy') ? 'hevy' : 'strong', workouts: answer.workouts, sets: answer.sets, notes: answer.notes, dropSets: answer.dropSets, failureSets: answer.failureSets, skipped: 0 });
        expect(body.unit).to.include({ unit: answer.unit, source: answer.unitSource });
        expect(body.unit.why).to.be.a('string').and.not.equal('');
        expect(body.dates?.order ?? null).to.equal(answer.dates ?? null);
      }
      const client = clientFor(server, ann.token, done.body.position);
      const log = await logOf(client);
      expect(log.map((s) => s.name)).to.deep.equal(c.log.names);
      const entries = log.flatMap((s) => s.exercises);
      expect(entries.reduce((n, e) => n + e.sets, 0), 'the working sets').to.equal(c.log.workingSets);
      expect([...new Set(entries.map((e) => e.unit))], 'every set in the unit it was read in').to.deep.equal([answer.unit]);
      expect(log.flatMap((s) => (s.notes ? [s.notes] : []))).to.deep.equal(c.log.workoutNotes);
      expect(entries.flatMap((e) => (e.notes ? [e.notes] : []))).to.deep.equal(c.log.setNotes);
      expect(entries.flatMap((e) => (e.set_type ? [e.set_type] : []))).to.deep.equal(c.log.setTypes);

      const planned = done.body as { matched: { name: string }[]; unmatched: string[] };
      const fileNames = [...planned.matched.map((m) => m.name), ...planned.unmatched];
      for (const format of ['strong', 'hevy']) {
        const exported = await exportOf(client, format);
        // The names go out as the file wrote them.
        for (const name of fileNames) expect(exported, `${format}: ${name}`).to.contain(name.startsWith('=') ? `'${name}` : name);
        const bob = await berlin();
        const back = await importFile(bob, exported);
        expect(back.status, `${format}: ${JSON.stringify(back.body)}`).to.equal(201);
        expect(back.body, format).to.deep.include({ workouts: answer.workouts, sets: answer.sets, notes: answer.notes, dropSets: answer.dropSets, failureSets: answer.failureSets });
        expect(back.body.unit, format).to.include({ source: 'file' });
        expect([...back.body.matched.map((m: { name: string }) => m.name), ...back.body.unmatched].sort(), `${format}: the names`).to.deep.equal([...fileNames].sort());
        const bobs = clientFor(server, bob.token, back.body.position);
        expect(kept(await logOf(bobs), format === 'hevy'), format).to.deep.equal(kept(log, format === 'hevy'));
        expect(await exportOf(bobs, format), `${format}: the export of the re-import is the export`).to.equal(exported);
      }
    });
  }
});
