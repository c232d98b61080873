import { expect } from 'chai';
import { newEvent, validateForAppend, type AppNewEvent } from '../../events/catalog.js';
import { exerciseIdentity } from '../../services/domain/training/exerciseIdentity.js';
import { InMemoryFold } from '../../services/query/src/fold.js';
import { projections } from '../../services/query/src/projections.js';
import { recordsProjection, recordsView, type RecordsPart } from '../../services/query/src/training/records/records.projection.js';
import { recordsAnswer, recentRecords, sessionAnswer } from '../../services/query/src/training/records/answers.js';
import { recorded } from '../support/decider.js';

/** The bound docs/adr/0418 and 0420 state for a person's every read-model doc. */
const DOC_BOUND = 256 * 1024;
const lifter = 'user-lifter';

/**
 * Ten years of four sessions a week, five exercises a session of four sets each, drawn in turn from `exercises`
 * distinct ones; the weights climb, so records move in most sessions, as a beginner's do.
 */
function trainingLife(exercises: number, years = 10): AppNewEvent[] {
  const names = Array.from({ length: exercises }, (_, i) => `Lift number ${i + 1}`);
  const events: AppNewEvent[] = [];
  const start = Date.UTC(2016, 0, 4, 17);
  const sessions = years * 52 * 4;
  for (let n = 0; n < sessions; n += 1) {
    const sessionId = `life-${n}`;
    const at = (minute: number) => new Date(start + Math.floor(n / 4) * 7 * 86_400_000 + (n % 4) * 2 * 86_400_000 + minute * 60_000).toISOString();
    events.push(newEvent('WorkoutSessionStarted', { sessionId, userId: lifter, regimenId: 'plan', dayNumber: 1, source: 'tracker', startedAt: at(0) }));
    for (let e = 0; e < 5; e += 1) {
      const name = names[(n * 5 + e) % exercises]!;
      const { key } = exerciseIdentity(name);
      for (let s = 0; s < 4; s += 1) {
        const setNumber = e * 4 + s + 1;
        events.push(
          newEvent('SetLogged', { sessionId, userId: lifter, setId: `${sessionId}-s${setNumber}`, exercise: key, exerciseName: name, custom: true, weight: 40 + Math.floor(n / 8) * 0.5, unit: 'kg', reps: 5 + (s % 3), rpe: null, warmup: false, loggedAt: at(setNumber) }),
        );
      }
    }
    events.push(newEvent('WorkoutSessionEnded', { sessionId, userId: lifter, regimenId: 'plan', dayNumber: 1, endedAt: at(30), runtimeSeconds: 1800, totalDurationMinutes: 30, endedBy: 'ended' }));
  }
  return events;
}

describe('a training life: no read-model doc grows with it', function () {
  this.timeout(60_000);

  it('ten years of four sessions a week over 150 exercises: every doc of every projection stays under 256 KB', () => {
    // Given ten years of sessions over 150 exercises
    const events = trainingLife(150);
    validateForAppend(events.slice(0, 30));
    // When every projection folds them
    const fold = new InMemoryFold(projections);
    for (const event of recorded(events)) fold.apply(event);
    // Then no doc of any projection is over the bound
    const biggest = projections.map((p) => ({ name: p.name, bytes: Math.max(0, ...fold.list(p.name).map((doc) => Buffer.byteLength(JSON.stringify(doc)))) }));
    for (const { name, bytes } of biggest) expect(bytes, `the biggest ${name} doc`).to.be.below(DOC_BOUND);
    // And the records doc a set rewrites is its exercise's, a few KB, however many exercises there are
    const records = fold.list<RecordsPart>(recordsProjection.name);
    const ofExercises = records.filter((d) => d.of === 'exercise').map((d) => Buffer.byteLength(JSON.stringify(d)));
    expect(ofExercises).to.have.length(150);
    expect(Math.max(...ofExercises)).to.be.below(8 * 1024);
    // And the answers read from those docs are whole: every exercise's record, the last session's records told
    const view = recordsView(lifter, records);
    expect(recordsAnswer(view)).to.have.length(150);
    const last = `life-${10 * 52 * 4 - 1}`;
    expect(sessionAnswer(view, last).new_records.map((r) => r.kind)).to.include('weight');
    expect(new Set(recentRecords(view).map((r) => r.session_id)).size).to.be.within(1, 20);
  });

  it('with ten exercises or with 150, an exercise’s records doc is the same size: it grows with neither the years nor the others', () => {
    const sizes = [10, 150].map((exercises) => {
      const fold = new InMemoryFold([recordsProjection]);
      for (const event of recorded(trainingLife(exercises, 2))) fold.apply(event);
      return Math.max(...fold.list<RecordsPart>(recordsProjection.name).filter((d) => d.of === 'exercise').map((d) => Buffer.byteLength(JSON.stringify(d))));
    });
    expect(sizes[1]! / sizes[0]!).to.be.within(0.8, 1.25);
  });
});
