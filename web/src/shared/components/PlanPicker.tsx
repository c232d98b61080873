import { useEffect, useId, useRef, useState } from 'react';

export interface PickablePlan {
  id: string;
  name: string;
  isPrimary: boolean;
}

interface Props {
  label: string;
  plans: PickablePlan[];
  selectedId: string;
  onSelect: (id: string) => void;
  onDelete: (plan: PickablePlan) => void;
}

/**
 * The plans pages' dropdown (docs/product.md#screens-feature-by-feature): the primary plan first, tagged Primary; every other plan with a delete icon.
 * A listbox of options cannot hold buttons, so this is a disclosure menu: one button per plan, a delete button beside.
 */
export function PlanPicker({ label, plans, selectedId, onSelect, onDelete }: Props) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const selected = plans.find((p) => p.id === selectedId) ?? plans[0];

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <div
      className="plan-picker"
      ref={root}
      onKeyDown={(event) => {
        // Escape closes the menu and leaves focus on its button, not on the page's body (the item it was on is gone).
        if (event.key === 'Escape' && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <span className="plan-picker__label" id={`${menuId}-label`}>
        {label}
      </span>
      <button
        type="button"
        ref={toggle}
        className="plan-picker__toggle"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-describedby={`${menuId}-label`}
        onClick={() => setOpen((o) => !o)}
      >
        <span>{selected?.name}</span>
        {selected?.isPrimary && <span className="tag">Primary</span>}
        <span aria-hidden="true" className="plan-picker__caret">
          ▾
        </span>
      </button>
      {open && (
        <ul className="plan-picker__menu" id={menuId}>
          {plans.map((plan) => (
            <li key={plan.id} className={plan.id === selected?.id ? 'plan-picker__item plan-picker__item--current' : 'plan-picker__item'}>
              <button
                type="button"
                className="plan-picker__choose"
                aria-current={plan.id === selected?.id || undefined}
                onClick={() => {
                  onSelect(plan.id);
                  setOpen(false);
                  toggle.current?.focus();
                }}
              >
                {plan.name}
                {plan.isPrimary && <span className="tag">Primary</span>}
              </button>
              {!plan.isPrimary && (
                <button type="button" className="icon-btn icon-btn--danger" aria-label={`Delete ${plan.name}`} onClick={() => onDelete(plan)}>
                  <TrashIcon />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h-2v-8h2z" />
    </svg>
  );
}

/** docs/product.md#what-input-is-accepted: the browser's own confirmation, worded 'Delete "{name}"?'. */
export const confirmDelete = (name: string) => window.confirm(`Delete "${name}"?`);
