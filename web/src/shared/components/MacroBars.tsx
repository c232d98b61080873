import type { Macros } from '../../../../contract/nutrition/foodLogAnswer';
import { ProgressBar } from './ProgressBar';
import './screens.css';
import './macroBars.css';

const MACROS = [
  ['calories', 'Calories', 'kcal'],
  ['protein', 'Protein', 'g'],
  ['carbs', 'Carbs', 'g'],
  ['fats', 'Fats', 'g'],
] as const;

/**
 * Calories, protein, carbs and fats eaten against the day's targets, one labelled bar each: the food log, the
 * dashboard and the progress page show a day's macros alike. `of` names what the figures are ("eaten today").
 * Without totals nothing is logged: the day is unknown, so it shows the targets alone rather than bars at 0. A macro
 * past its target says by how much beside its name.
 */
export function MacroBars({ totals, targets, of }: { totals: Macros | null; targets: Macros; of: string }) {
  if (!totals) {
    return (
      <p className="muted">
        Nothing logged yet. Targets: {MACROS.map(([key, label, unit]) => `${label.toLowerCase()} ${Math.round(targets[key])} ${unit}`).join(' · ')}
      </p>
    );
  }
  return (
    <ul className="macro-bars">
      {MACROS.map(([key, label, unit]) => {
        const eaten = Math.round(totals[key]);
        const target = Math.round(targets[key]);
        const over = target > 0 && eaten > target;
        return (
          <li key={key} className="macro-bar">
            <span className="row-between small">
              <span>
                {label}
                {over && (
                  <span className="macro-bar__over">
                    {' '}
                    · {eaten - target} {unit} over
                  </span>
                )}
              </span>
              <span className="macro-bar__figure">
                {eaten} / {target} {unit}
              </span>
            </span>
            <ProgressBar label={`${label} ${of}`} percent={targets[key] ? (totals[key] / targets[key]) * 100 : 0} disabled={!targets[key]} over={over} />
          </li>
        );
      })}
    </ul>
  );
}
