import { expect } from 'chai';
import { restSecondsOf, restWhile } from '../../web/src/features/training/sets/rest.js';
import { bodyOf, kindShown, said } from '../../web/src/features/training/sets/measure.js';

const form = { weight: '', reps: '', seconds: '', minutes: '', distance: '', rpe: '' };
const set = { set_id: 's1-s1', weight: 0, unit: 'kg' as const, weight_lb: 0, reps: 0, rpe: null, warmup: false, at: '2026-11-18T12:00:00.000Z' };

describe('the set logger by exercise kind', () => {
  it('sends only what the kind measures, and nothing while a needed field is blank', () => {
    expect(bodyOf('bodyweight', { ...form, reps: '12', rpe: '8' }, 'kg')).to.deep.equal({ reps: 12, rpe: 8 });
    expect(bodyOf('bodyweight', { ...form, reps: '8', weight: '10' }, 'kg')).to.deep.equal({ reps: 8, weightKg: 10 });
    expect(bodyOf('bodyweight', { ...form, weight: '10' }, 'kg')).to.equal(undefined);
    expect(bodyOf('timed', { ...form, seconds: '45' }, 'lb')).to.deep.equal({ seconds: 45 });
    expect(bodyOf('distance', { ...form, minutes: '15', distance: '1.5' }, 'kg')).to.deep.equal({ seconds: 900, distanceKm: 1.5 });
    expect(bodyOf('distance', { ...form, minutes: '20', distance: '2' }, 'lb')).to.deep.equal({ seconds: 1200, distanceMi: 2 });
    expect(bodyOf('weighted', { ...form, reps: '5' }, 'kg')).to.equal(undefined);
    expect(bodyOf('weighted', { ...form, reps: '5', weight: '100' }, 'kg')).to.deep.equal({ weightKg: 100, reps: 5 });
  });

  it('says a set as its kind: reps alone, a hold, cardio, an RPE; never "0 kg ×"', () => {
    expect(said({ ...set, reps: 12, rpe: 8 }, 'kg')).to.equal('12 reps @ RPE 8');
    expect(said({ ...set, seconds: 45 }, 'kg')).to.equal('45 s');
    expect(said({ ...set, seconds: 900, distance: 1.5, distance_unit: 'km' }, 'kg')).to.equal('15:00 min, 1.5 km');
    expect(said({ ...set, weight: 60, weight_lb: 132.28, reps: 8 }, 'kg')).to.equal('60 kg × 8');
    expect(kindShown(null, [{ ...set, seconds: 30 }])).to.equal('timed');
    expect(kindShown('bodyweight', [])).to.equal('bodyweight');
  });

  it('a rest holds while the session is paused and runs on from there when it resumes', () => {
    const running = { of: 'Push-up', endsAt: 100_000 };
    const held = restWhile(running, true, 40_000)!;
    expect(held).to.deep.equal({ of: 'Push-up', endsAt: 100_000, heldMs: 60_000 });
    expect(restWhile(held, true, 90_000)).to.equal(held);
    expect(restWhile(held, false, 200_000)).to.deep.equal({ of: 'Push-up', endsAt: 260_000 });
    expect(restWhile(running, false, 40_000)).to.equal(running);
  });

  it('cardio gets a rest like any set: the person\'s, else 90 s, never the bout\'s own 15 minutes', () => {
    expect(restSecondsOf(0, 900, 'distance')).to.equal(90);
    expect(restSecondsOf(120, 900, 'distance')).to.equal(120);
    expect(restSecondsOf(0, 60, 'bodyweight')).to.equal(60);
    expect(restSecondsOf(0, null, 'weighted')).to.equal(90);
    expect(restSecondsOf(45, 60, 'timed')).to.equal(45);
  });
});
