import { DownloadData } from './DownloadData';
import { ExportWorkouts } from './ExportWorkouts';

/**
 * The profile's "Your Data": everyone, subscribed or not (one who cancelled still leaves with their history),
 * downloads their data and exports their workouts.
 */
export function YourData() {
  return (
    <>
      <DownloadData />
      <ExportWorkouts />
    </>
  );
}
