/** Big Strong exports for the bench, the soak and the tests of big imports and exports. */

const LIFTS = ['Squat (Barbell)', 'Bench Press (Barbell)', 'Deadlift (Barbell)', 'Overhead Press (Barbell)', 'Bent Over Row (Barbell)', 'Lat Pulldown (Cable)', 'Bicep Curl (Barbell)', 'My Own Carry'];

/**
 * A Strong (older, `;`) export of `rows` sets: sessions of `perWorkout` sets, one every other day back from `until`'s
 * year, each starting at `hour` (UTC): files of other hours share no session start, so each imports whole beside the others.
 */
export function strongExport(rows: number, until = 2025, hour = 17, perWorkout = 25): { text: string; workouts: number } {
  const lines = ['Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration'];
  const workouts = Math.ceil(rows / perWorkout);
  const start = Date.UTC(until, 0, 1) - workouts * 2 * 86_400_000;
  for (let w = 0; w < workouts; w += 1) {
    const date = new Date(start + w * 2 * 86_400_000 + hour * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    for (let s = 0; s < perWorkout && lines.length <= rows; s += 1) {
      const lift = LIFTS[(w + Math.floor(s / 5)) % LIFTS.length]!;
      const weight = 60 + ((w * 7 + s * 3) % 140);
      lines.push(`${date};Workout ${w % 3};${lift};${s % 5 === 0 ? 'W' : (s % 5).toString()};${weight};kg;${5 + (s % 6)};${s % 2 ? '8' : ''};;;0;${s === 3 ? '"felt ok; grip, wide"' : ''};;1h 5m`);
    }
  }
  return { text: `${lines.join('\r\n')}\r\n`, workouts };
}
