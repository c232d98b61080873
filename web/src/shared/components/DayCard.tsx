import { useId, useState, type ReactNode } from 'react';

/** A collapsible plan day; the current day is marked and starts expanded (docs/product.md#screens-feature-by-feature, docs/product.md#how-things-change). */
export function DayCard({ title, current, children }: { title: string; current: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(current);
  const bodyId = useId();
  return (
    <section className={current ? 'day-card day-card--current' : 'day-card'}>
      <h3 className="day-card__heading">
        <button type="button" className="day-card__toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
          <span>
            {title}
            {current && <span className="day-card__current"> (Current Day)</span>}
          </span>
          <span aria-hidden="true" className="day-card__caret">
            {open ? '▴' : '▾'}
          </span>
        </button>
      </h3>
      <div id={bodyId} className="day-card__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
