import { Button, Dialog, Spinner } from '../../../shared/ui';
import { useProfileInstant } from '../../../shared/profile/useProfileToday';
import { useExerciseLogsInfiniteQuery, type ExerciseLogSession } from './trackerApi';
import { OlderSessions } from './OlderSessions';
import { IMPORT_SOURCE_NAMES } from '../../../../../contract/imports/importAnswer';
import { useUnits } from '../records/useUnits';
import { showLb, type WeightUnit } from '../records/units';

const WHEN: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' };

/** A duration in minutes as hours and minutes: "1h 5m", "45m". */
export function hoursAndMinutes(minutes: number | null | undefined): string {
  if (minutes == null) return '--';
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}

/**
 * "3 x 8, 135 lb" (the weight as it was logged, or as an imported file had it; an entry kept in pounds alone is
 * shown in the person's unit), or a row with time or distance instead of reps (a run, a loaded carry): "3.2 km,
 * 20m", "40 kg, 45 s".
 */
export function entryText(e: ExerciseLogSession['exercises'][number], unit: WeightUnit): string {
  const weight = e.weight !== undefined && e.unit ? `${e.weight} ${e.unit}` : showLb(e.weight_used_lb, unit);
  if (e.reps_per_set === 0 && (e.distance !== undefined || e.seconds !== undefined)) {
    const time = e.seconds === undefined ? '' : e.seconds < 60 ? `${e.seconds} s` : hoursAndMinutes(e.seconds / 60);
    return [e.weight_used_lb > 0 ? weight : '', e.distance === undefined ? '' : `${e.distance} ${e.distance_unit}`, time].filter(Boolean).join(', ');
  }
  return `${e.sets} x ${e.reps_per_set}, ${weight}`;
}

const SET_TYPE_SAID = { drop: 'drop set', failure: 'to failure' } as const;

function LoggedSession({ session }: { session: ExerciseLogSession }) {
  const instant = useProfileInstant(WHEN);
  const unit = useUnits();
  const when = (iso: string | null) => (iso ? instant(iso) : '--');
  return (
    <li className="log-session">
      {session.imported_from && (
        <p className="muted small">
          {session.name ? `${session.name} · ` : ''}imported from {IMPORT_SOURCE_NAMES[session.imported_from]}
        </p>
      )}
      {session.notes && <p className="small log-session__notes">{session.notes}</p>}
      <dl className="log-session__times">
        <div>
          <dt>Start</dt>
          <dd>{when(session.start_time)}</dd>
        </div>
        <div>
          <dt>End</dt>
          <dd>{when(session.end_time)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{hoursAndMinutes(session.total_duration_minutes)}</dd>
        </div>
      </dl>
      {session.exercises.length === 0 ? (
        <p className="muted small">No exercises logged.</p>
      ) : (
        <ul className="log-session__exercises">
          {session.exercises.map((e, i) => (
            <li key={i}>
              <strong>{e.workout_name}</strong>: {entryText(e, unit)}
              {e.set_type && <span> ({SET_TYPE_SAID[e.set_type]})</span>}
              {e.notes && <span className="muted"> — {e.notes}</span>}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The history of finished sessions (docs/product.md#screens-feature-by-feature "Exercise Log"), in a modal dialog with Retry and close:
 * the newest page first, older pages as the person scrolls down (OlderSessions). What has loaded stays shown when an
 * older page fails, offline too.
 */
export function ExerciseLogOverlay({ onClose }: { onClose: () => void }) {
  const log = useExerciseLogsInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const sessions = log.data?.pages.flatMap((page) => page.sessions) ?? [];
  const loadOlder = () => {
    if (!log.isFetching) void log.fetchNextPage();
  };
  return (
    <Dialog open wide onClose={onClose} title="Exercise Log">
      {log.isFetching && !log.data ? (
        <Spinner label="Loading exercise logs…" />
      ) : log.isError && !log.isFetchNextPageError ? (
        <div role="alert">
          <p>Failed to load exercise logs</p>
          <Button onClick={() => log.refetch()}>Retry</Button>
        </div>
      ) : sessions.length === 0 ? (
        <p className="muted">No finished sessions yet.</p>
      ) : (
        <>
          <ul className="log-sessions">
            {sessions.map((s) => (
              <LoggedSession key={s.session_id} session={s} />
            ))}
          </ul>
          <OlderSessions shown={sessions.length} more={log.hasNextPage} loading={log.isFetchingNextPage} error={log.isFetchNextPageError ? log.error : undefined} load={loadOlder} />
        </>
      )}
    </Dialog>
  );
}
