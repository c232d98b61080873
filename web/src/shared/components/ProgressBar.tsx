/**
 * A labelled 0–100 bar; `disabled` greys it out when there is nothing to measure yet. `over` (past a target, as its
 * figures read) keeps the bar full in the warning colour, so a bar past its target is not read as one at it.
 */
export function ProgressBar({ label, percent, disabled = false, over = false }: { label: string; percent: number; disabled?: boolean; over?: boolean }) {
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div
      className={`meter${disabled ? ' meter--disabled' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={disabled ? undefined : value}
      aria-disabled={disabled || undefined}
      aria-valuetext={over ? `past the target (${Math.round(percent)}%)` : undefined}
    >
      <div className={`meter__fill${over ? ' meter__fill--over' : ''}`} style={{ width: `${disabled ? 0 : value}%` }} />
    </div>
  );
}
