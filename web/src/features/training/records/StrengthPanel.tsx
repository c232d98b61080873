import { IMPORT_SOURCE_NAMES } from '../../../../../contract/imports/importAnswer';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { RecordChart } from './RecordChart';
import { useExerciseHistoryQuery, useRecordsQuery } from './recordsApi';
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
    <div className="panel-grid">
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
                  </td>
                  <td>{r.best_e1rm_lb === null ? '—' : showLb(r.best_e1rm_lb, unit)}</td>
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
