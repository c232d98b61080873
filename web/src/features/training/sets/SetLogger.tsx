import { useEffect, useState } from 'react';
import { serverText } from '../../../shared/api/http';
import { useDeleteSetMutation, useLogSetMutation, useSessionSetsQuery, type LoggedSet } from '../records/recordsApi';
import { inUnit, type WeightUnit } from '../records/units';
import { useUnits } from '../records/useUnits';
import type { PlannedWorkout } from '../../../../../contract/training/regimenAnswer';
import { RestTimer } from './RestTimer';
import { HowToDo } from './HowTo';
import { restSecondsOf, restWhile, storedRest, storeRest, type Rest } from './rest';
import { bodyOf, distanceUnitOf, formOf, kindShown, said, type SetForm } from './measure';
import './sets.css';

const restKey = (exercise: string) => `rest:${exercise}`;


interface Shown {
  /** The exercise's identity key, as the server gives it; `typed:…` for a name typed here that has no sets yet. */
  key: string;
  name: string;
  plan?: PlannedWorkout;
  /** A typed block's own key, kept once the server's key is known: its sets still waiting on this device carry it. */
  typed?: string;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Set-by-set logging in the running session: per exercise the sets done so far beside what was done last time
 * ("previous"), one tap to repeat the last set, the next target and why, and the rest timer.
 */
export function SetLogger({ sessionId, workouts, paused = false }: { sessionId: string; workouts: PlannedWorkout[]; paused?: boolean }) {
  const unit = useUnits();
  const { data } = useSessionSetsQuery(sessionId);
  // The rest survives a reload (kept on this device per session) and holds while the session is paused.
  const [rest, setRestShown] = useState<Rest | null>(() => restWhile(storedRest(sessionId), paused, Date.now()));
  const setRest = (next: Rest | null) => {
    setRestShown(next);
    storeRest(sessionId, next);
  };
  useEffect(() => {
    setRestShown((current) => {
      const next = restWhile(current, paused, Date.now());
      if (next !== current) storeRest(sessionId, next);
      return next;
    });
  }, [paused, sessionId]);
  const [extra, setExtra] = useState<Shown[]>([]);
  const [custom, setCustom] = useState('');
  const today = workouts[0]?.day_number;
  const sets = data?.sets ?? [];
  const planned: Shown[] = workouts.filter((w) => w.day_number === today).map((w) => ({ key: w.exercise, name: w.name, plan: w }));
  // A block typed here takes the identity key the server gave the sets logged under its name, so they show in the
  // block the person typed into, under their name (or in the plan's block of the same exercise).
  const typed: Shown[] = extra.map((e) => {
    const key = sets.find((s) => !s.exercise.startsWith('typed:') && sameName(s.name, e.name))?.exercise;
    return key ? { ...e, key, typed: e.key } : e;
  });
  const done: Shown[] = sets.map((s) => ({ key: s.exercise, name: s.name }));
  const shown = [...planned, ...typed, ...done].filter((e, i, all) => all.findIndex((x) => x.key === e.key) === i);

  return (
    <section className="card sets" aria-labelledby="sets-title">
      <h2 id="sets-title">Set by set</h2>
      {shown.map((e) => (
        <ExerciseSets
          // The form's first values are in the person's unit, known once their profile has come: a new unit starts it afresh.
          key={`${e.typed ?? e.key} ${unit}`}
          sessionId={sessionId}
          shown={e}
          unit={unit}
          sets={sets.filter((s) => s.exercise === e.key || s.exercise === e.typed)}
          previous={data?.previous[e.key]?.sets ?? []}
          onLogged={(rested) => setRest(paused ? { endsAt: Date.now() + rested * 1000, heldMs: rested * 1000, of: e.name } : { endsAt: Date.now() + rested * 1000, of: e.name })}
        />
      ))}
      <RestTimer rest={rest} onChange={setRest} />
      <form
        className="sets__add"
        onSubmit={(event) => {
          event.preventDefault();
          const name = custom.trim();
          if (name) setExtra((list) => [...list, { key: `typed:${name.toLowerCase()}`, name }]);
          setCustom('');
        }}
      >
        <label className="field">
          <span className="field__label">Another exercise</span>
          <input className="input" value={custom} maxLength={100} placeholder="e.g. Hip Thrust (Barbell)" onChange={(e) => setCustom(e.target.value)} />
        </label>
        <button type="submit" className="btn btn--secondary sets__big" disabled={!custom.trim()}>
          Add exercise
        </button>
      </form>
    </section>
  );
}

const RPE = ['6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10'];

function ExerciseSets({ sessionId, shown, unit, sets, previous, onLogged }: { sessionId: string; shown: Shown; unit: WeightUnit; sets: LoggedSet[]; previous: LoggedSet[]; onLogged: (restSeconds: number) => void }) {
  const { plan } = shown;
  const kind = kindShown(plan?.kind, [...previous, ...sets]);
  const last = sets[sets.length - 1];
  const target = plan?.target_weight ? inUnit({ weight: plan.target_weight.value, unit: plan.target_weight.unit, weight_lb: plan.target_weight_lb ?? 0 }, unit) : undefined;
  const seconds = plan?.target_seconds ?? undefined;
  const [form, setForm] = useState<SetForm>(() =>
    formOf(last, unit, { weight: target === undefined ? '' : String(target), reps: plan?.target_reps ? String(plan.target_reps) : '', seconds: seconds ? String(seconds) : '', minutes: seconds ? String(seconds / 60) : '' }),
  );
  const field = (name: keyof SetForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value }));
  const [warmup, setWarmup] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [log, { isLoading: logging }] = useLogSetMutation();
  const [remove] = useDeleteSetMutation();
  const restKeyOf = plan?.exercise ?? shown.key;
  const [restSeconds, setRestSeconds] = useState(() => restSecondsOf(Number(localStorage.getItem(restKey(restKeyOf))), plan?.rest_seconds, kind));
  // Repeat: this session's last set, else the first set of last time.
  const repeatable = last ?? previous.find((s) => !s.warmup);
  const rows = Math.max(sets.length, previous.length, 1);
  const body = bodyOf(kind, form, unit);

  const send = async (entry: NonNullable<typeof body>, isWarmup: boolean, from: SetForm) => {
    setProblem(undefined);
    const typed = form;
    const result = await log({ key: shown.key, sessionId, exercise: shown.name, ...entry, warmup: isWarmup });
    if ('error' in result) return setProblem(`Not saved: ${serverText(result.error) ?? 'the server did not answer'}.`);
    // The form shows the set just logged (what Repeat sent, too), unless the person has typed the next one meanwhile:
    // the answer, or the offline queue's write, can come after they have.
    setForm((current) => (current === typed ? from : current));
    if (!isWarmup) onLogged(restSeconds);
  };
  const repeat = repeatable && bodyOf(kind, { ...formOf(repeatable, unit), rpe: repeatable.rpe === null ? '' : String(repeatable.rpe) }, unit);
  const titleId = `sets-${shown.key.replace(/[^a-z0-9-]/gi, '')}`;
  const distanceUnit = distanceUnitOf(unit);

  return (
    <article className="sets__exercise" aria-labelledby={titleId}>
      <h3 id={titleId}>{shown.name}</h3>
      <HowToDo how={plan?.how} name={shown.name} />
      {plan?.reason && (
        <p className="sets__target">
          {target !== undefined && (
            <strong>
              Target: {target} {unit} × {plan.target_reps}.{' '}
            </strong>
          )}
          {target === undefined && kind === 'bodyweight' && plan.target_reps > 0 && <strong>Target: {plan.target_reps} reps. </strong>}
          {kind === 'timed' && seconds && <strong>Target: {seconds} s. </strong>}
          <span className="muted">{plan.reason}</span>
        </p>
      )}
      <table className="sets__table">
        <thead>
          <tr>
            <th scope="col">Set</th>
            <th scope="col">Previous</th>
            <th scope="col">Done</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, i) => {
            const set = sets[i];
            return (
              <tr key={set?.set_id ?? `row-${i}`}>
                <td>{i + 1}</td>
                <td className="muted">{previous[i] ? said(previous[i], unit) : '—'}</td>
                <td>
                  {set ? said(set, unit) : ''}
                  {set?.pending && <> <span className="tag">Not yet synced</span></>}
                </td>
                <td>
                  {set && (
                    <button type="button" className="btn btn--ghost sets__remove" aria-label={`Remove set ${i + 1} of ${shown.name}`} onClick={() => void remove({ setId: set.set_id, sessionId, exercise: shown.key })}>
                      ✕
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="sets__entry">
        {/* An exercise whose kind is not known yet (one added by name, nothing logged) may be lifted or not. */}
        {(kind === 'weighted' || kind === null) && (
          <label className="field">
            <span className="field__label">
              Weight, {unit}
              {kind === null && ' (optional)'}
            </span>
            <input className="input sets__input" inputMode="decimal" type="number" min={0} step="any" value={form.weight} onChange={field('weight')} />
          </label>
        )}
        {(kind === 'weighted' || kind === 'bodyweight' || kind === null) && (
          <label className="field">
            <span className="field__label">Set reps</span>
            <input className="input sets__input" inputMode="numeric" type="number" min={1} step={1} value={form.reps} onChange={field('reps')} />
          </label>
        )}
        {kind === 'timed' && (
          <label className="field">
            <span className="field__label">Seconds held</span>
            <input className="input sets__input" inputMode="numeric" type="number" min={1} step={1} value={form.seconds} onChange={field('seconds')} />
          </label>
        )}
        {kind === 'distance' && (
          <>
            <label className="field">
              <span className="field__label">Minutes</span>
              <input className="input sets__input" inputMode="decimal" type="number" min={0} step="any" value={form.minutes} onChange={field('minutes')} />
            </label>
            <label className="field">
              <span className="field__label">Distance, {distanceUnit} (optional)</span>
              <input className="input sets__input" inputMode="decimal" type="number" min={0} step="any" value={form.distance} onChange={field('distance')} />
            </label>
          </>
        )}
        {kind === 'bodyweight' && (
          <label className="field">
            <span className="field__label">Added load, {unit} (optional)</span>
            <input className="input sets__input" inputMode="decimal" type="number" min={0} step="any" value={form.weight} onChange={field('weight')} />
          </label>
        )}
        <label className="field">
          <span className="field__label">RPE (optional)</span>
          <select className="input sets__input" value={form.rpe} onChange={field('rpe')}>
            <option value="">—</option>
            {RPE.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <label className="sets__warmup">
          <input type="checkbox" checked={warmup} onChange={(e) => setWarmup(e.target.checked)} /> Warm-up
        </label>
      </div>
      {problem && (
        <p className="alert alert--error" role="alert">
          {problem}
        </p>
      )}
      <div className="sets__buttons">
        <button type="button" className="btn btn--primary sets__big" disabled={logging || !body} onClick={() => body && void send(body, warmup, form)}>
          Log set
        </button>
        <button type="button" className="btn btn--secondary sets__big" disabled={logging || !repeat} onClick={() => repeatable && repeat && void send(repeat, repeatable.warmup, formOf(repeatable, unit))}>
          Repeat last set{repeatable ? ` (${said(repeatable, unit)})` : ''}
        </button>
      </div>
      <label className="sets__rest">
        Rest after a set (s){' '}
        <input
          className="input sets__rest-input"
          type="number"
          min={0}
          step={15}
          value={restSeconds}
          onChange={(e) => {
            const seconds = Math.max(0, Math.round(Number(e.target.value) || 0));
            setRestSeconds(seconds);
            localStorage.setItem(restKey(restKeyOf), String(seconds));
          }}
        />
      </label>
    </article>
  );
}
