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

/**
 * Strong in French, `;` with decimal commas, durations as "1h 1min", no unit anywhere: a year in kg (2 workouts,
 * 7 sets); its weights go by kilogram steps (62,5, 22,5, 16).
 */
export const strongFrench =
  "Date;Nom de l'entraînement;Durée;Nom de l'exercice;Ordre des séries;Poids;Répétitions;Distance;Secondes;Notes;Notes d'entraînement;RPE\n" +
  '2021-03-01 18:00:00;Jambes;1h 1min;Squat (Barbell);W;60;8;0;0;;;\n' +
  '2021-03-01 18:00:00;Jambes;1h 1min;Squat (Barbell);1;130;5;0;0;"genou ""ok""";"bonne séance\nfatigué";8,5\n' +
  '2021-03-01 18:00:00;Jambes;1h 1min;Squat (Barbell);2;132,5;5;0;0;;;9\n' +
  '2021-03-01 18:00:00;Jambes;1h 1min;Lateral Raise (Dumbbell);1;12;15;0;0;;;\n' +
  '2021-03-03 18:00:00;Haut;45min;Bench Press (Barbell);1;62,5;8;0;0;;;\n' +
  '2021-03-03 18:00:00;Haut;45min;Bicep Curl (Dumbbell);1;16;10;0;0;;;\n' +
  '2021-03-03 18:00:00;Haut;45min;Seated Lateral Raise (Dumbbell);1;22,5;12;0;0;;;\n';

/** Strong in German, `;`, durations as "1 Std. 5 Min.", lb by its steps (135, 185, 225, 45): one workout, 5 sets. */
export const strongGerman =
  'Datum;Trainingsname;Dauer;Übungsname;Satzreihenfolge;Gewicht;Wiederholungen;Distanz;Sekunden;Notizen;Trainingsnotizen;RPE\n' +
  '2022-06-01 07:00:00;Push;1 Std. 5 Min.;Bench Press (Barbell);1;135;10;0;0;;;\n' +
  '2022-06-01 07:00:00;Push;1 Std. 5 Min.;Bench Press (Barbell);2;185;8;0;0;;;\n' +
  '2022-06-01 07:00:00;Push;1 Std. 5 Min.;Bench Press (Barbell);3;225;5;0;0;;;\n' +
  '2022-06-01 07:00:00;Push;1 Std. 5 Min.;Overhead Press (Barbell);1;95;5;0;0;;;\n' +
  '2022-06-01 07:00:00;Push;1 Std. 5 Min.;Triceps Pushdown;1;45;12;0;0;;;\n';

/** Strong of 2017 to 2019: no Duration, no RPE; lb (2 workouts, 6 sets). */
export const strong2018 =
  'Date,Workout Name,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes\n' +
  '2018-05-02 17:30:00,Legs,Squat (Barbell),1,225,5,0,0,,\n' +
  '2018-05-02 17:30:00,Legs,Squat (Barbell),2,275,5,0,0,,\n' +
  '2018-05-02 17:30:00,Legs,Squat (Barbell),3,315,3,0,0,"new PR, finally",\n' +
  '2018-05-04 17:30:00,Press,Overhead Press (Barbell),1,115,5,0,0,,\n' +
  '2018-05-04 17:30:00,Press,Overhead Press (Barbell),2,135,5,0,0,,\n' +
  '2018-05-04 17:30:00,Press,Running,1,0,0,2,900,,\n';

/**
 * Strong's newest export: a workout number, the unit in the column names, durations in seconds, distances in meters,
 * a rest timer's row after each set, a drop set ("D") and a failure set ("F"): 1 workout, 5 sets, 4 rest rows.
 */
export const strongLatest =
  'Workout #,Date,Workout Name,Duration (sec),Exercise Name,Set Order,Weight (kg),Reps,RPE,Distance (meters),Seconds,Notes,Workout Notes\n' +
  '1,2025-02-10 06:45:00,"Pull",3720,"Deadlift (Barbell)",1,180,3,8,,,,"early one"\n' +
  '1,2025-02-10 06:45:00,"Pull",3720,"Deadlift (Barbell)",Rest Timer,,,,,180,,\n' +
  '1,2025-02-10 06:45:00,"Pull",3720,"Deadlift (Barbell)",F,180,2,10,,,,\n' +
  '1,2025-02-10 06:45:00,"Pull",3720,"Deadlift (Barbell)",Rest Timer,,,,,180,,\n' +
  '1,2025-02-10 06:45:00,"Pull",3720,"Lat Pulldown (Cable)",1,70,10,,,,,\n' +
  '1,2025-02-10 06:45:00,"Pull",3720,"Lat Pulldown (Cable)",D,50,8,,,,,\n' +
  '1,2025-02-10 06:45:00,"Pull",3720,"Lat Pulldown (Cable)",Rest Timer,,,,,90,,\n' +
  '1,2025-02-10 06:45:00,"Pull",3720,"Rowing (Machine)",1,,,,2000,480,,\n' +
  '1,2025-02-10 06:45:00,"Pull",3720,"Rowing (Machine)",Rest Timer,,,,,60,,\n';

/** Strong's current columns separated by `;`, with decimal commas (a European locale): kg by its steps; 1 workout, 5 sets. */
export const strongSemicolon =
  'Date;Workout Name;Duration;Exercise Name;Set Order;Weight;Reps;Distance;Seconds;Notes;Workout Notes;RPE\n' +
  '2023-09-12 19:10:00;Oberkörper;58m;Bench Press (Barbell);1;82,5;5;0;0;;;7,5\n' +
  '2023-09-12 19:10:00;Oberkörper;58m;Bench Press (Barbell);2;82,5;5;0;0;;;8\n' +
  '2023-09-12 19:10:00;Oberkörper;58m;Incline Bench Press (Dumbbell);1;26;10;0;0;;;\n' +
  '2023-09-12 19:10:00;Oberkörper;58m;Incline Bench Press (Dumbbell);2;26;9;0;0;;;\n' +
  '2023-09-12 19:10:00;Oberkörper;58m;Chest Fly (Cable);1;17,5;12;0;0;;;\n';

/** Hevy in lbs and miles: a description and exercise notes with quotes, commas and line breaks; drop and failure sets. */
export const hevyLbs =
  'title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_lbs,reps,distance_miles,duration_seconds,rpe\n' +
  '"Arms","3 Aug 2025, 18:00","3 Aug 2025, 18:50","Short one, ""pump"" only\nthen home",Bicep Curl (Dumbbell),,"slow, 3 s down",0,normal,30,12,,,\n' +
  '"Arms","3 Aug 2025, 18:00","3 Aug 2025, 18:50","Short one, ""pump"" only\nthen home",Bicep Curl (Dumbbell),,"slow, 3 s down",1,failure,30,9,,,10\n' +
  '"Arms","3 Aug 2025, 18:00","3 Aug 2025, 18:50","Short one, ""pump"" only\nthen home",Bicep Curl (Dumbbell),,"slow, 3 s down",2,dropset,20,10,,,\n' +
  '"Arms","3 Aug 2025, 18:00","3 Aug 2025, 18:50","Short one, ""pump"" only\nthen home",Walking,,,0,normal,,,1.5,1200,\n';

/**
 * Strong with dates as a day-first locale writes them ("29/11/2025 07:15"): the first workout's day (03/11) reads
 * either way, the second's (29/11) settles the order for the whole file. 2 workouts, 3 sets, kg in its column names.
 */
export const strongSlashedDayFirst =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight (kg),Reps,Distance,Seconds,Notes,Workout Notes,RPE\n' +
  '03/11/2025 18:05,Legs,50m,Squat (Barbell),1,100,5,0,0,,,\n' +
  '03/11/2025 18:05,Legs,50m,Squat (Barbell),2,100,5,0,0,,,\n' +
  '29/11/2025 07:15,Push,45m,Bench Press (Barbell),1,80,5,0,0,,,\n';

/** The same as an American phone writes it: month first, a 12-hour clock ("11/29/2025 7:15 AM"), lb in the column names. */
export const strongSlashedMonthFirst =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight (lbs),Reps,Distance,Seconds,Notes,Workout Notes,RPE\n' +
  '"11/03/2025 6:05 PM",Legs,50m,Squat (Barbell),1,225,5,0,0,,,\n' +
  '"11/03/2025 6:05 PM",Legs,50m,Squat (Barbell),2,225,5,0,0,,,\n' +
  '"11/29/2025 7:15 AM",Push,45m,Bench Press (Barbell),1,185,5,0,0,,,\n';

/** Slashed dates with no day past the 12th: the file reads either way, and the person says which. */
export const strongSlashedEither =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight (kg),Reps,Distance,Seconds,Notes,Workout Notes,RPE\n' +
  '03/11/2025 18:05,Legs,50m,Squat (Barbell),1,100,5,0,0,,,\n' +
  '04/11/2025 12:00,Push,45m,Bench Press (Barbell),1,80,5,0,0,,,\n';

/*
 * Headers in languages the importer's word table lacks. The words are made up for these tests (they are not taken
 * from Strong's own files): what is tested is that a file of one of Strong's layouts is read by the order of its
 * columns and the shapes of its values, whatever its header says.
 */

/**
 * Strong's columns with Duration and RPE, a Cyrillic header, `;` with decimal commas, durations in words ("1 ч 5 мин",
 * then "50 мин", read by what the first taught), no unit (kg by its steps): 2 workouts, 7 sets (a warm-up, a drop set,
 * a failure set), a set's note with quotes and a workout's note with a line break.
 */
export const strongUnknownCyrillic =
  'Дата;Тренировка;Длительность;Упражнение;Подход;Вес;Повторы;Дистанция;Секунды;Заметки;Заметки тренировки;RPE\n' +
  '2020-04-06 18:30:00;Ноги;1 ч 5 мин;Squat (Barbell);W;60;8;0;0;;;\n' +
  '2020-04-06 18:30:00;Ноги;1 ч 5 мин;Squat (Barbell);1;102,5;5;0;0;"колено ""ок""";"тяжело\nно хорошо";8,5\n' +
  '2020-04-06 18:30:00;Ноги;1 ч 5 мин;Squat (Barbell);2;102,5;5;0;0;;;9\n' +
  '2020-04-06 18:30:00;Ноги;1 ч 5 мин;Squat (Barbell);F;102,5;3;0;0;;;10\n' +
  '2020-04-08 18:30:00;Верх;50 мин;Bench Press (Barbell);1;62,5;8;0;0;;;\n' +
  '2020-04-08 18:30:00;Верх;50 мин;Bench Press (Barbell);D;42,5;10;0;0;;;\n' +
  '2020-04-08 18:30:00;Верх;50 мин;Lateral Raise (Dumbbell);1;12,5;15;0;0;;;\n';

/**
 * Strong's newest columns (a workout number, units in the column names, seconds, meters) under made-up words, the rest
 * timer's rows saying so in them too: 1 workout, 4 sets (a failure set), 3 rest rows, lb from the weight column's name.
 */
export const strongUnknownLatest =
  'Treeni #,Päev,Treeni nimi,Kestus (sec),Harjutus,Seeria,Raskus (lbs),Kordused,RPE,Vahemaa (meters),Sekundid,Märkmed,Treeni märkmed\n' +
  '7,2024-10-01 06:00:00,"Selg",3000,"Deadlift (Barbell)",1,405,3,9,,,"konks, ""haare""",\n' +
  '7,2024-10-01 06:00:00,"Selg",3000,"Deadlift (Barbell)",Puhkus,,,,,180,,\n' +
  '7,2024-10-01 06:00:00,"Selg",3000,"Deadlift (Barbell)",F,405,2,10,,,,\n' +
  '7,2024-10-01 06:00:00,"Selg",3000,"Deadlift (Barbell)",Puhkus,,,,,180,,\n' +
  '7,2024-10-01 06:00:00,"Selg",3000,"Seated Row (Cable)",1,160,10,,,,,\n' +
  '7,2024-10-01 06:00:00,"Selg",3000,"Seated Row (Cable)",Puhkus,,,,,90,,\n' +
  '7,2024-10-01 06:00:00,"Selg",3000,"Rowing (Machine)",1,,,,1500,360,,\n';

/**
 * Strong's columns with a Weight Unit column under made-up words, `,`: units per row (kg), a warm-up, a cardio row in
 * km: 2 workouts, 5 sets.
 */
export const strongUnknownUnitColumn =
  'Tarehe,Jina la mazoezi,Zoezi,Mpangilio,Uzito,Kipimo,Marudio,RPE,Umbali,Kipimo cha umbali,Sekunde,Maelezo,Maelezo ya mazoezi,Muda\n' +
  '2019-07-01 07:00:00,Asubuhi,Overhead Press (Barbell),W,20,kg,10,,,,0,,,40m\n' +
  '2019-07-01 07:00:00,Asubuhi,Overhead Press (Barbell),1,50,kg,5,8,,,0,,"mvua\nnje",40m\n' +
  '2019-07-01 07:00:00,Asubuhi,Overhead Press (Barbell),2,50,kg,5,8,,,0,,,40m\n' +
  '2019-07-03 07:00:00,Kukimbia,Running,1,0,kg,0,,5,km,1500,"pole, pole",,30m\n' +
  '2019-07-03 07:00:00,Kukimbia,Chin Up,1,0,kg,8,,,,0,,,30m\n';
