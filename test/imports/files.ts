/**
 * Hand-made exports in each format, with the quirks the real apps write: a byte-order mark, CRLF, quoted commas and
 * line breaks in notes, empty trailing columns, cardio rows, warm-ups.
 */

/** Strong's older `;` export: 2 workouts, 6 sets, 3 exercises (one custom), a cardio row, a warm-up ("W"). */
export const strongOld =
  '\uFEFFDate;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration\r\n' +
  '2019-01-11 12:31:54;Push A;Bench Press (Barbell);W;60;kg;10;;;;0;;;1h 5m\r\n' +
  '2019-01-11 12:31:54;Push A;Bench Press (Barbell);1;100;kg;5;8;;;0;"felt heavy; grip, wide";"great\r\nsession";1h 5m\r\n' +
  '2019-01-11 12:31:54;Push A;Bench Press (Barbell);2;100;kg;5;8.5;;;0;;;1h 5m\r\n' +
  '2019-01-11 12:31:54;Push A;Zercher Carry;1;40;kg;0;;;;45;;;1h 5m\r\n' +
  '2019-01-14 18:02:10;Legs;Squat (Barbell);1;140;kg;3;;;;0;;;45m\r\n' +
  '2019-01-14 18:02:10;Legs;Running;1;0;kg;0;;3.2;km;1200;;;45m\r\n';

/** Strong's current `,` export (weights in the user's unit, durations like "1h 5m"), every field quoted. */
export const strongNew =
  '"Date","Workout Name","Duration","Exercise Name","Set Order","Weight","Reps","Distance","Seconds","Notes","Workout Notes","RPE"\n' +
  '"2024-03-02 07:15:00","Morning","1h 5m","Deadlift (Barbell)","1","315","5","0","0","","","8"\n' +
  '"2024-03-02 07:15:00","Morning","1h 5m","Deadlift (Barbell)","2","335","3","0","0","PR, finally","",""\n' +
  '"2024-03-04 07:20:00","Morning","50m","Overhead Press (Barbell)","1","135","5","0","0","","",""\n';

/** Hevy (kg): titles, "26 Jul 2025, 07:06" times, set types; an `=`-led note that a spreadsheet must not run. */
export const hevy =
  'title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe\n' +
  '"Upper, heavy","26 Jul 2025, 07:06","26 Jul 2025, 08:10","",Bench Press (Barbell),,"=1+1",0,warmup,40,10,,,\n' +
  '"Upper, heavy","26 Jul 2025, 07:06","26 Jul 2025, 08:10","",Bench Press (Barbell),,,1,normal,90,6,,,9\n' +
  '"Upper, heavy","26 Jul 2025, 07:06","26 Jul 2025, 08:10","",Bench Press (Barbell),,,2,failure,90,5,,,10\n' +
  '"Upper, heavy","26 Jul 2025, 07:06","26 Jul 2025, 08:10","","My Odd Curl",,,0,dropset,12.5,12,,,\n' +
  '"=Run","28 Jul 2025, 18:30","28 Jul 2025, 19:00","",Treadmill,,,0,normal,,,5.1,1800,\n';
