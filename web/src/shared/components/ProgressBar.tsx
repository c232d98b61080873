/** A labelled 0–100 bar; `disabled` greys it out when there is nothing to measure yet. */
export function ProgressBar({ label, percent, disabled = false }: { label: string; percent: number; disabled?: boolean }) {
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
    >
      <div className="meter__fill" style={{ width: `${disabled ? 0 : value}%` }} />
    </div>
  );
}
