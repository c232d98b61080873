import { useState } from 'react';
import { useAppSelector } from '../../shared/store/hooks';
import { Button } from '../../shared/ui';
import { downloadWithToken } from './download';

/**
 * "Download my data": GET /api/export answers a zip of the caller's events (JSON lines) and CSVs per kind. A plain
 * link cannot carry the bearer token, so the file is fetched with it (`downloadWithToken`).
 */
export function DownloadData() {
  const token = useAppSelector((state) => state.auth.token);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  const download = async () => {
    setState('busy');
    try {
      await downloadWithToken('/api/export', token, 'trainer-data.zip');
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className="stack">
      <p>Everything you have recorded here, as your events and as spreadsheets of measurements, workouts and meals.</p>
      {state === 'failed' && (
        <p className="alert alert--error" role="alert">
          Could not prepare your data. Please try again.
        </p>
      )}
      <div>
        <Button variant="secondary" busy={state === 'busy'} onClick={download}>
          Download my data
        </Button>
      </div>
    </div>
  );
}
