import type { ReactNode } from 'react';
import { TrashIcon, type PickablePlan } from './PlanPicker';

interface Props {
  plan: PickablePlan;
  /** Label and value pairs; a missing value reads '--'. */
  stats: Array<[string, string | null]>;
  description: string | null;
  busy: boolean;
  onMakePrimary: () => void;
  onDelete: (plan: PickablePlan) => void;
  children?: ReactNode;
}

/** The chosen plan's name, Primary tag or Make Primary and delete (a primary plan cannot be deleted), stats, description. */
export function PlanHeader({ plan, stats, description, busy, onMakePrimary, onDelete, children }: Props) {
  return (
    <section className="card plan-header" aria-labelledby="plan-name">
      <div className="plan-header__top">
        <h2 id="plan-name">
          {plan.name} {plan.isPrimary && <span className="tag">Primary</span>}
        </h2>
        {!plan.isPrimary && (
          <div className="actions">
            <button type="button" className="btn btn--primary" disabled={busy} onClick={onMakePrimary}>
              Make Primary
            </button>
            <button type="button" className="icon-btn icon-btn--danger" aria-label={`Delete ${plan.name}`} disabled={busy} onClick={() => onDelete(plan)}>
              <TrashIcon />
            </button>
          </div>
        )}
      </div>
      <dl className="plan-stats">
        {stats.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || '--'}</dd>
          </div>
        ))}
      </dl>
      {description && <p className="plan-description">{description}</p>}
      {children}
    </section>
  );
}
