import { IMPORT_SOURCE_NAMES } from '../../../../../contract/imports/importAnswer';
import { useState } from 'react';
import { serverText } from '../../../shared/api/http';
import { Link } from 'react-router-dom';
import { RecordChart } from './RecordChart';
import { useExerciseHistoryQuery, useMergeExerciseMutation, useRecordsQuery, useSplitExerciseMutation, type ExerciseRecord } from './recordsApi';
import { showLb, showWeight } from './units';
import { useUnits } from './useUnits';
import './records.css';

/** /prog's strength tab: the user's records, and the chosen exercise's e1RM history with its records marked. */
export function StrengthPanel() {
  const unit = useUnits();
  const { data: records = [], isLoading } = useRecordsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [chosen, setChosen] = useState<string>();
  const exercise = chosen ?? records[0]?.exercise;
  const { data: history } = useExerciseHistoryQuery(exercise!, { skip: !exercise });
  if (isLoading) return <p className="muted">Loading your records…</p>;
  if (records.length === 0) {
    return (
      <div className="card empty-state">
        <p>No sets logged yet. Log sets in the tracker and your records show here.</p>
        <Link className="btn btn--primary" to="/track">
          Open the tracker
        </Link>
      </div>
    );
  }
  return (
    <div className="strength-panel">
      <div className="card">
        <label className="field">
          <span className="field__label">Exercise</span>
          <select className="input" value={exercise} onChange={(e) => setChosen(e.target.value)}>
            {records.map((r) => (
              <option key={r.exercise} value={r.exercise}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        {history && history.exercise === exercise && <RecordChart history={history} unit={unit} />}
      </div>
      <div className="card">
        <h2 className="small-heading">Personal records</h2>
        {/* Focusable, so a keyboard can scroll it where a phone is narrower than the table. */}
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Personal records table">
          <table className="table records-table">
            <thead>
              <tr>
                <th scope="col">Exercise</th>
                <th scope="col">Most reps / longest</th>
                <th scope="col">e1RM</th>
                <th scope="col">Heaviest</th>
                <th scope="col">Best volume</th>
              </tr>
            </thead>
            <tbody>
              {records.map((r) => (
                <tr key={r.exercise}>
                  <td>
                    {r.name}
                    {r.source && r.source !== 'app' && <span className="muted small"> ({IMPORT_SOURCE_NAMES[r.source]})</span>}
                    <MergeControls record={r} others={records.filter((o) => o.exercise !== r.exercise)} />
                  </td>
                  <td>{bestOfKind(r)}</td>
                  {/* An e1RM is a loaded lift's: a body-weight move with added load, a hold or cardio has none to show. */}
                  <td>{r.kind !== 'weighted' || r.best_e1rm_lb === null ? '—' : showLb(r.best_e1rm_lb, unit)}</td>
                  <td>{r.best_weight && r.best_weight_lb !== null ? `${showWeight({ weight: r.best_weight.value, unit: r.best_weight.unit, weight_lb: r.best_weight_lb }, unit)} × ${r.best_reps_at_weight}` : '—'}</td>
                  <td>{r.best_volume_lb === null ? '—' : showLb(r.best_volume_lb, unit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}

const clock = (seconds: number) => (seconds >= 60 ? `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')} min` : `${seconds} s`);
/** A body-weight move's most reps, a hold's longest, cardio's longest distance and time; a loaded lift has its e1RM. */
function bestOfKind(r: ExerciseRecord): string {
  const parts = [r.best_distance && `${r.best_distance.value} ${r.best_distance.unit}`, r.best_seconds !== null && clock(r.best_seconds), r.best_reps !== null && `${r.best_reps} reps`].filter(Boolean);
  return parts.length ? parts.join(', ') : '—';
}


/**
 * A custom exercise's "Merge into…" (one of the person's other exercises), and "Undo merge" for each custom exercise
 * merged into this one: its records and history count here until then.
 */
function MergeControls({ record, others }: { record: ExerciseRecord; others: ExerciseRecord[] }) {
  const [into, setInto] = useState('');
  const [problem, setProblem] = useState<string>();
  const [merge, { isLoading: merging }] = useMergeExerciseMutation();
  const [split, { isLoading: splitting }] = useSplitExerciseMutation();
  const done = (result: { error?: unknown }, what: string) => setProblem('error' in result && result.error ? `${what}: ${serverText(result.error) ?? 'the server did not answer'}.` : undefined);
  return (
    <>
      {record.merged.map((m) => (
        <div key={m.exercise} className="records-merge">
          <span className="muted small">Includes {m.name}</span>{' '}
          <button type="button" className="btn btn--ghost btn--small" disabled={splitting} onClick={async () => done(await split({ exercise: m.exercise }), 'Not undone')}>
            Undo merge<span className="visually-hidden"> of {m.name}</span>
          </button>
        </div>
      ))}
      {record.custom && record.merged.length === 0 && others.length > 0 && (
        <form
          className="records-merge"
          onSubmit={async (event) => {
            event.preventDefault();
            if (into) done(await merge({ exercise: record.exercise, into }), 'Not merged');
          }}
        >
          <select className="input" aria-label={`Merge ${record.name} into`} value={into} onChange={(e) => setInto(e.target.value)}>
            <option value="">Merge into…</option>
            {others.map((o) => (
              <option key={o.exercise} value={o.exercise}>
                {o.name}
              </option>
            ))}
          </select>{' '}
          <button type="submit" className="btn btn--ghost btn--small" disabled={!into || merging}>
            Merge
          </button>
        </form>
      )}
      {problem && (
        <p className="alert alert--error small" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
