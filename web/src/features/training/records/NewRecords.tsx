import type { NewRecord } from './recordsApi';
import { showLb, showWeight, type WeightUnit } from './units';
import './records.css';

const KIND: Record<NewRecord['kind'], string> = { e1rm: 'e1RM', weight: 'heaviest weight', volume: 'set volume' };

/** "New record: Barbell Bench Press e1RM 187 lb", and the set that made it. */
export function recordLine(r: NewRecord, unit: WeightUnit) {
  const value = r.kind === 'weight' ? `${showWeight({ weight: r.weight, unit: r.unit, weight_lb: r.value_lb }, unit)} × ${r.reps}` : showLb(r.value_lb, unit);
  return `New record: ${r.name} ${KIND[r.kind]} ${value}`;
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
