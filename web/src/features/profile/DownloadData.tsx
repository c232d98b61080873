import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { Button } from '../../app/ui';

/**
 * "Download my data": GET /api/export answers a zip of the caller's events (JSON lines) and CSVs per kind. A plain
 * link cannot carry the bearer token, so the file is fetched with it and handed to the browser as a download.
 */
export function DownloadData() {
  const token = useAppSelector((state) => state.auth.token);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  const download = async () => {
    setState('busy');
    try {
      const res = await fetch('/api/export', { headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (!res.ok) throw new Error(String(res.status));
      const name = /filename=([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'trainer-data.zip';
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name.replace(/"/g, '');
      link.click();
      URL.revokeObjectURL(url);
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
