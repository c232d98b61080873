import { DownloadData } from './DownloadData';
import { ExportWorkouts } from './ExportWorkouts';

/** The profile's "Your Data": everyone downloads their data; a subscriber also exports their training history. */
export function YourData({ subscriber }: { subscriber: boolean }) {
  return (
    <>
      <DownloadData />
      {subscriber && <ExportWorkouts />}
    </>
  );
}
