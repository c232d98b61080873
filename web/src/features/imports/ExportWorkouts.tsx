import { useState } from 'react';
import { useAppSelector } from '../../shared/store/hooks';
import { Button } from '../../shared/ui';
import { downloadWithToken } from './download';

/** Your workouts as a Strong or a Hevy export, set by set, so you can take them to either app (or back here). */
export function ExportWorkouts() {
  const token = useAppSelector((state) => state.auth.token);
  const [busy, setBusy] = useState<'strong' | 'hevy' | null>(null);
  const [failed, setFailed] = useState(false);

  const download = async (format: 'strong' | 'hevy') => {
    setBusy(format);
    setFailed(false);
    try {
      await downloadWithToken(`/api/export/workouts?format=${format}`, token, `workouts-${format}.csv`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="stack">
      <p>Your workouts, set by set, in the format Strong or Hevy imports.</p>
      {failed && (
        <p className="alert alert--error" role="alert">
          Could not prepare the file. Please try again.
        </p>
      )}
      <div className="imports__actions">
        <Button variant="secondary" busy={busy === 'strong'} onClick={() => void download('strong')}>
          Workouts for Strong (CSV)
        </Button>
        <Button variant="secondary" busy={busy === 'hevy'} onClick={() => void download('hevy')}>
          Workouts for Hevy (CSV)
        </Button>
      </div>
    </div>
  );
}
