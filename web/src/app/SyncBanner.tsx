import { useEffect, useState } from 'react';
import { useAppSelector } from '../shared/store/hooks';
import { formatDate } from '../shared/dates';

const changes = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`;
const clock = (iso: string) => formatDate(iso, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
/** How long "All changes saved" stays after the queue empties. */
const SAVED_MS = 8000;

/**
 * The offline queue's state, above every page: how many changes wait on this device while the network is gone,
 * when the data shown was fetched, "All changes saved" once they went through, each change the server refused,
 * in its words, until the person has read it, and that a new build took over.
 */
export function SyncBanner() {
  const { offline, waiting, refused, cachedAt, savedAt, updated } = useAppSelector((state) => state.sync);
  const [savedShown, setSavedShown] = useState(false);
  useEffect(() => {
    setSavedShown(!!savedAt);
    if (!savedAt) return;
    const id = setTimeout(() => setSavedShown(false), SAVED_MS);
    return () => clearTimeout(id);
  }, [savedAt]);

  const status = offline
    ? `Offline: ${changes(waiting)} waiting${cachedAt ? ` · showing what was fetched ${clock(cachedAt)}` : ''}`
    : waiting > 0
      ? `Saving ${changes(waiting)}…`
      : savedShown
        ? 'All changes saved'
        : updated
          ? 'Kinetic was updated to its newest version.'
          : '';
  return (
    <div className="sync">
      <p className={status ? `alert sync__status ${offline ? 'alert--warning' : 'alert--success'}` : 'sync__status--none'} role="status">
        {status}
      </p>
      {refused.map((r) => (
        <div key={r.key} className="alert alert--error sync__refusal" role="alert">
          <span>
            {r.what} was not saved: {r.message}
          </span>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => void import('../shared/offline/queue').then((q) => q.dismiss(r.key))}>
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}
