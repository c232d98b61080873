import type { NewRecord } from './recordsApi';
import { showLb, showWeight, type WeightUnit } from './units';
import './records.css';

const KIND: Record<NewRecord['kind'], string> = { e1rm: 'e1RM', weight: 'heaviest weight', volume: 'set volume', reps: 'most reps', seconds: 'longest', distance: 'longest distance' };

/** A record's value as the kind measures it: weights in the person's unit, reps, time, distance as entered. */
function valueOf(r: NewRecord, unit: WeightUnit): string {
  switch (r.kind) {
    case 'weight':
      return `${showWeight({ weight: r.weight, unit: r.unit, weight_lb: r.value_lb }, unit)} × ${r.reps}`;
    case 'reps':
      return `${r.value_lb} reps`;
    case 'seconds':
      return r.value_lb >= 60 ? `${Math.floor(r.value_lb / 60)}:${String(r.value_lb % 60).padStart(2, '0')} min` : `${r.value_lb} s`;
    case 'distance':
      return `${r.distance ?? r.value_lb} ${r.distance_unit ?? 'km'}`;
    default:
      return showLb(r.value_lb, unit);
  }
}

/** "New record: Barbell Bench Press e1RM 187 lb", "New record: Push-up most reps 15", and the set that made it. */
export function recordLine(r: NewRecord, unit: WeightUnit) {
  return `New record: ${r.name} ${KIND[r.kind]} ${valueOf(r, unit)}`;
}

export function NewRecords({ records, unit }: { records: NewRecord[]; unit: WeightUnit }) {
  if (records.length === 0) return null;
  return (
    <ul className="new-records" aria-label="New records">
      {records.map((r) => (
        <li key={`${r.exercise}-${r.kind}`}>
          {recordLine(r, unit)}
        </li>
      ))}
    </ul>
  );
}
