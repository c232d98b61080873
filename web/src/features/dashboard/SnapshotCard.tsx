import type { DashboardSummary } from './dashboardApi';
import { ProgressBar } from '../../shared/components/ProgressBar';
import { canShowProgress, orDashes, progressTowardGoal } from '../../shared/progressTowardGoal';
import { useUnit, weightIn } from '../../shared/units';

function Measure(props: { title: string; current: number | null; start: number | null; target: number | null; unit: string; hint: string }) {
  const { title, current, start, target, unit, hint } = props;
  const ready = canShowProgress(current, target);
  const percent = progressTowardGoal(current, start, target);
  return (
    <div className="snapshot__item">
      <div className="snapshot__row">
        <span className="snapshot__label">{title}</span>
        <span className="snapshot__value">
          {orDashes(current, unit)} <span className="muted">/ target {orDashes(target, unit)}</span>
        </span>
      </div>
      <ProgressBar label={`${title} progress toward target`} percent={percent} disabled={!ready} />
      {ready ? <p className="muted small">{Math.round(percent)}% of the way</p> : <p className="muted small">{hint}</p>}
    </div>
  );
}

/** Body weight, body fat and primary goal, each with its bar toward the target (docs/product.md#screens-feature-by-feature, docs/product.md#what-input-is-accepted). */
export function SnapshotCard({ snapshot }: { snapshot: DashboardSummary['snapshot'] }) {
  const weightReady = canShowProgress(snapshot.weightLb, snapshot.targetWeightLb);
  // Body weights are kept in pounds and shown in the person's unit; the way to the target is the same share in either.
  const unit = useUnit();
  const inUnit = (lb: number | null) => (lb == null ? null : weightIn(lb, unit));
  return (
    <section className="card" aria-labelledby="snapshot-title">
      <h2 id="snapshot-title">Snapshot</h2>
      <Measure
        title="Body weight"
        current={inUnit(snapshot.weightLb)}
        start={inUnit(snapshot.startWeightLb)}
        target={inUnit(snapshot.targetWeightLb)}
        unit={` ${unit}`}
        hint="(log your current and/or target weight to see progress)"
      />
      <Measure
        title="Body fat"
        current={snapshot.bodyFat}
        start={snapshot.startBodyFat}
        target={snapshot.targetBodyFat}
        unit="%"
        hint="(log your current and/or target body fat to see progress)"
      />
      <div className="snapshot__item">
        <div className="snapshot__row">
          <span className="snapshot__label">Primary goal</span>
          <span className="snapshot__value">{orDashes(snapshot.primaryGoal)}</span>
        </div>
        {/* The goal is measured by the weight it names a target for. */}
        <ProgressBar
          label="Primary goal progress"
          percent={progressTowardGoal(snapshot.weightLb, snapshot.startWeightLb, snapshot.targetWeightLb)}
          disabled={!weightReady || !snapshot.primaryGoal}
        />
      </div>
    </section>
  );
}
