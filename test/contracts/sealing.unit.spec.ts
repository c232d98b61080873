import { expect } from 'chai';
import { createCipheriv, randomBytes } from 'node:crypto';
import { newEvent, validateForAppend, type EventData } from '../../events/catalog.js';
import { FORGOTTEN } from '../../events/personal.js';
import type { NewEvent, RecordedEvent } from '../../events/store/port.js';
import { newSubjectKey, openEvent, sealEvents } from '../../events/store/shredding.js';

const key = newSubjectKey();
const keyOf = () => key;
const stored = (event: NewEvent, stream: string): RecordedEvent => ({ ...event, id: 'e1', stream, revision: 0, position: 1, metadata: { at: '2026-11-18T15:00:00.000Z' } });
const sealed = (event: NewEvent, stream = 's') => stored(sealEvents(stream, [event], keyOf)[0]!, stream);

const set = (exercise: string, exerciseName: string, custom: boolean) =>
  ({ exercise, exerciseName, custom, weight: 100, unit: 'kg', reps: 5, rpe: null, warmup: false, distance: null, distanceUnit: null, seconds: null }) as const;
const imported = newEvent('WorkoutsImported', {
  importId: 'i1',
  userId: 'u1',
  source: 'strong',
  batch: 0,
  workouts: [
    { sessionId: 'i1-w0', name: 'Push with Gretchen', startedAt: '2019-01-11T12:31:54.000Z', durationMinutes: 65, sets: [set('custom-carry-gretchen', 'Gretchen Carry', true), set('barbell-bench-press', 'Bench Press (Barbell)', false), set('custom-carry-gretchen', 'Gretchen Carry', true)] },
    { sessionId: 'i1-w1', name: 'Legs', startedAt: '2019-01-14T18:02:10.000Z', durationMinutes: 45, sets: [set('barbell-back-squat', 'Squat (Barbell)', false)] },
  ],
});

describe('sealing the personal fields of an event, nested ones too (events/store/shredding.ts)', () => {
  it('stores an import batch with none of its names, sealed once, in data that still fits the schema', () => {
    const event = sealed(imported);
    const text = JSON.stringify(event.data);
    for (const word of ['Gretchen', 'Push', 'Legs', 'Bench', 'Squat', 'barbell']) expect(text).to.not.include(word);
    expect(text.split('sealed:v2:')).to.have.length(2);
    validateForAppend([event]);
  });

  it('opens to exactly what was appended while the key exists', () => {
    expect(openEvent(sealed(imported), keyOf).data).to.deep.equal(imported.data);
    const plan = newEvent('RegimenSaved.v2', {
      regimenId: 'r1', userId: 'u1', name: 'Mine', description: 'about my knee', goal: 'g', level: 'l', durationWeeks: 4, savedAt: 'now',
      days: [{ dayNumber: 1, summary: 'Legs for Tromsø', exercises: [{ workoutId: 'w1', name: 'Hop', sets: 3, reps: '8-12', targetReps: 8, durationSeconds: 60 }] }],
    });
    expect(openEvent(sealed(plan), keyOf).data).to.deep.equal(plan.data);
  });

  it('once forgotten, fits the schema: texts read FORGOTTEN, objects {}, and the exercises and plan names a stand-in each, one per value', () => {
    const forgotten = openEvent(sealed(imported), () => undefined);
    validateForAppend([forgotten]);
    const data = forgotten.data as EventData<'WorkoutsImported'>;
    expect(data).to.not.have.property('sealed');
    expect(data.workouts.map((w) => w.name)).to.deep.equal([FORGOTTEN, FORGOTTEN]);
    expect(data.workouts.flatMap((w) => w.sets.map((s) => s.exerciseName))).to.deep.equal([FORGOTTEN, FORGOTTEN, FORGOTTEN, FORGOTTEN]);
    const [a, b, c, d] = data.workouts.flatMap((w) => w.sets.map((s) => s.exercise));
    expect(a).to.match(/^\[deleted\] [0-9a-f]{16}$/);
    expect(a).to.equal(c);
    expect(new Set([a, b, d]).size).to.equal(3);
    expect(data.workouts[0]!.sets[0]).to.include({ weight: 100, reps: 5, custom: true });

    const offered = newEvent('ChatPlanOffered', { userId: 'u1', exchangeId: 'x', planType: 'workout', name: 'Mine', plan: { name: 'Mine', workouts: [] }, offeredAt: 'now' });
    const saved = newEvent('RegimenListed', { userId: 'u1', regimenId: 'r1', listedAt: 'now', name: 'Mine' });
    const offer = openEvent(sealed(offered), () => undefined).data as EventData<'ChatPlanOffered'>;
    expect(offer.plan).to.deep.equal({});
    expect(offer.name).to.equal((openEvent(sealed(saved), () => undefined).data as { name: string }).name);
  });

  it('does not open under another key, nor in another event', () => {
    expect((openEvent(sealed(imported), () => newSubjectKey()).data as EventData<'WorkoutsImported'>).workouts[0]!.name).to.equal(FORGOTTEN);
    const other = { ...sealed(imported), type: 'WorkoutsImported' as const, data: { ...(sealed(imported).data as object), userId: 'u2' } };
    expect((openEvent(other, keyOf).data as EventData<'WorkoutsImported'>).workouts[0]!.name).to.equal(FORGOTTEN);
  });

  it('leaves null and the app\'s own texts as written, and refuses personal fields with no subject', () => {
    const cancelled = newEvent('SubscriptionCancelled', { userId: 'u1', reason: 'Account deleted', cancelledAt: 'now' });
    expect(sealEvents('s', [cancelled], keyOf)[0]).to.equal(cancelled);
    expect(() => sealEvents('s', [{ type: 'TicketSubmitted', data: { ticketId: 't', component: 'Workouts', description: 'mine', submittedAt: 'now' } }], keyOf)).to.throw(/names no user/);
  });

  it('still opens events whose top-level fields were each sealed on their own, as they were appended before', () => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from('user:u1\nChatQuestionAsked\nmessage'));
    const body = Buffer.concat([cipher.update('my knee', 'utf8'), cipher.final()]);
    const old = stored({ type: 'ChatQuestionAsked', data: { userId: 'u1', message: `sealed:v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}` } }, 'chat-u1');
    expect(openEvent(old, keyOf).data).to.deep.equal({ userId: 'u1', message: 'my knee' });
    expect(openEvent(old, () => undefined).data).to.deep.equal({ userId: 'u1', message: FORGOTTEN });
  });
});
