import { expect } from 'chai';
import { newEvent, type AppNewEvent } from '../../events/catalog.js';
import { recordsAnswer, sessionAnswer, withTarget } from '../../services/query/src/training/records/answers.js';
import { exerciseHistoryKey, exerciseHistoryProjection, historyKind, historyOf, joinedHistory } from '../../services/query/src/training/records/exerciseHistory.projection.js';
import { project } from '../support/decider.js';
import { recordsOf } from '../support/records.js';

const ann = 'user-ann';
const day = (n: number) => `2026-11-${String(10 + n).padStart(2, '0')}T15:00:00.000Z`;
const NAMES: Record<string, string> = { 'push-up': 'Push-up', 'glute-bridge': 'Glute Bridge', 'front-plank': 'Front Plank', 'brisk-walk': 'Brisk Walk', 'custom-zercher-carry': 'Zercher Carry' };

/** A session of sets, each only what was done: `{ reps }`, `{ seconds }`, `{ seconds, distance, distanceUnit }`, a load with its unit. */
type Done = { weight?: number; unit?: 'lb' | 'kg'; reps?: number; seconds?: number; distance?: number; distanceUnit?: 'km' | 'mi'; warmup?: boolean };
function session(id: string, n: number, sets: [string, Done][]): AppNewEvent[] {
  return [
    ...sets.map(([exercise, { warmup, ...done }], i) =>
      newEvent('SetLogged', { sessionId: id, userId: ann, setId: `${id}-s${i + 1}`, exercise, exerciseName: NAMES[exercise]!, custom: exercise.startsWith('custom-'), ...done, rpe: 8, warmup: warmup ?? false, loggedAt: day(n) }),
    ),
    newEvent('WorkoutSessionEnded', { sessionId: id, userId: ann, regimenId: 'r1', dayNumber: 1, endedAt: day(n), runtimeSeconds: 60, totalDurationMinutes: 1, endedBy: 'ended' }),
  ];
}
const docOf = (events: AppNewEvent[]) => recordsOf(events, ann);
const recordOf = (events: AppNewEvent[], exercise: string) => recordsAnswer(docOf(events)).find((r) => r.exercise === exercise);
const historyDoc = (events: AppNewEvent[], exercise: string) =>
  joinedHistory([...project(exerciseHistoryProjection, events)].filter(([k]) => k.startsWith(exerciseHistoryKey(ann, exercise))).sort(([a], [b]) => (a < b ? -1 : 1)).map(([, d]) => d))!;

describe('exercise kinds: records, history and targets', () => {
  it('a body-weight move keeps its most reps, never an e1RM, weight or volume of nothing', () => {
    const r = recordOf(session('a', 1, [['push-up', { reps: 10 }], ['push-up', { reps: 12 }], ['push-up', { reps: 9 }]]), 'push-up')!;
    expect(r).to.include({ kind: 'bodyweight', best_reps: 12, best_e1rm_lb: null, best_weight_lb: null, best_volume_lb: null, set_id: 'a-s2' });
  });

  it('a glute bridge logged with a load has no e1RM: the heaviest load added and the most reps only', () => {
    const r = recordOf(session('a', 1, [['glute-bridge', { weight: 16, unit: 'lb', reps: 9 }], ['glute-bridge', { reps: 15 }]]), 'glute-bridge')!;
    expect(r).to.include({ kind: 'bodyweight', best_e1rm_lb: null, best_reps: 15, best_weight_lb: 16 });
  });

  it('a hold keeps its longest; cardio its longest distance (as entered) and time', () => {
    const events = [
      ...session('a', 1, [['front-plank', { seconds: 30 }], ['front-plank', { seconds: 45 }], ['brisk-walk', { seconds: 900, distance: 1, distanceUnit: 'mi' }]]),
      ...session('b', 2, [['brisk-walk', { seconds: 1200, distance: 1.5, distanceUnit: 'km' }]]),
    ];
    expect(recordOf(events, 'front-plank')).to.include({ kind: 'timed', best_seconds: 45, best_reps: null, best_e1rm_lb: null, set_id: 'a-s2' });
    const walk = recordOf(events, 'brisk-walk')!;
    expect(walk).to.include({ kind: 'distance', best_seconds: 1200, set_id: 'a-s3' });
    expect(walk.best_distance).to.deep.equal({ value: 1, unit: 'mi' }); // 1.609 km beats 1.5 km
  });

  it('ending a session tells a body-weight record as most reps and a hold as its longest', () => {
    const events = [...session('a', 1, [['push-up', { reps: 10 }], ['front-plank', { seconds: 30 }]]), ...session('b', 2, [['push-up', { reps: 12 }], ['front-plank', { seconds: 40 }]])];
    expect(sessionAnswer(docOf(events), 'b').new_records.map((r) => [r.exercise, r.kind, r.value_lb, r.previous_lb])).to.deep.equal([
      ['push-up', 'reps', 12, 10],
      ['front-plank', 'seconds', 40, 30],
    ]);
  });

  it('the person\'s own exercise is measured by what its sets carried', () => {
    const r = recordOf(session('a', 1, [['custom-zercher-carry', { seconds: 40, weight: 40, unit: 'kg' }]]), 'custom-zercher-carry')!;
    expect(r).to.include({ kind: 'timed', best_seconds: 40, best_e1rm_lb: null });
  });

  it('the history charts a body-weight move by its reps (no e1RM, no weight axis) and a hold by its seconds', () => {
    const events = [...session('a', 1, [['push-up', { reps: 8 }], ['push-up', { reps: 10 }]]), ...session('b', 2, [['push-up', { reps: 9 }]]), ...session('c', 3, [['front-plank', { seconds: 30 }]])];
    const pushUps = historyDoc(events, 'push-up');
    expect(historyKind(pushUps)).to.equal('bodyweight');
    expect(historyOf(pushUps).map((s) => [s.session_id, s.top_set.reps, s.e1rm_lb, s.record])).to.deep.equal([
      ['a', 10, null, true],
      ['b', 9, null, false],
    ]);
    const plank = historyDoc(events, 'front-plank');
    expect(historyKind(plank)).to.equal('timed');
    expect(historyOf(plank)[0]!.top_set).to.include({ seconds: 30, reps: 0 });
  });

  it('targets follow the kind: "add 2 reps" for a body-weight move, time for a hold and cardio, never a weight', () => {
    const zone = 'Europe/London';
    const none = withTarget(undefined, { name: 'Push-up', reps: '8-12', target_reps: 8 }, zone);
    expect(none).to.include({ kind: 'bodyweight', target_weight: null, target_reps: 8, target_seconds: null });
    expect(none.reason).to.not.match(/weight/);
    const doc = docOf(session('a', 1, [['push-up', { reps: 12 }], ['push-up', { reps: 12 }], ['front-plank', { seconds: 30 }], ['front-plank', { seconds: 35 }]]));
    const pushUp = withTarget(doc, { name: 'Push-up', reps: '8-12', target_reps: 8 }, zone);
    expect(pushUp).to.include({ target_weight: null, target_reps: 14 });
    expect(pushUp.reason).to.equal('2×12 on Nov 11: every set reached 12 → add 2 reps: aim for 14 a set.');
    expect(withTarget(doc, { name: 'Front Plank', reps: 1, target_reps: 1 }, zone)).to.include({ kind: 'timed', target_weight: null, target_seconds: 35 });
    const walk = withTarget(undefined, { name: 'Brisk Walk (15 min)', reps: 1, target_reps: 1 }, zone);
    expect(walk).to.include({ kind: 'distance', target_weight: null, target_seconds: 900 });
    expect(walk.reason).to.equal('No Brisk Walk (15 min) logged yet: go for 15 min at a pace you can still talk at.');
  });
});
