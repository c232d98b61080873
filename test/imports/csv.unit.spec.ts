import { expect } from 'chai';
import { csvCell, csvRecords, csvText, unneutralised, type CsvRecord } from '../../services/platform/csv.js';
import { parseExport, type ParsedFile } from '../../services/command/src/imports/parse.js';
import { hevy, hevyLbs, strong2018, strongFrench, strongGerman, strongLatest, strongNew, strongOld, strongSemicolon, strongSlashedDayFirst, strongSlashedEither, strongSlashedMonthFirst, strongUnknownCyrillic, strongUnknownLatest, strongUnknownUnitColumn } from './files.js';
import { inferUnit } from '../../services/command/src/imports/units.js';

/** Every record of a text, read to its end. */
async function recordsOf(text: string, separator: string): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  for await (const record of csvRecords(text, separator)) records.push(record);
  return records;
}

describe('CSV: one writer that makes formulas text, and the reader', () => {
  it('writes a cell a spreadsheet would run as a formula as text, and reads it back as written', async () => {
    for (const formula of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx']) {
      const cell = csvCell(formula);
      expect(cell.startsWith(`"'`), JSON.stringify(formula)).to.equal(true);
      const [record] = await recordsOf(`${cell}\n`, ',');
      expect(unneutralised(record!.cells[0]!)).to.equal(formula);
    }
    expect(csvCell(-5), 'a number stays a number').to.equal('-5');
    expect(csvCell('plain')).to.equal('plain');
    expect(csvText(['a', 'b'], [['x,y', 'say "hi"']])).to.equal('a,b\r\n"x,y","say ""hi"""\r\n');
  });

  it('makes text of a formula that a spreadsheet would find after splitting the cell on another separator', async () => {
    // Opened where the list separator is ';' (or ',' for a ';' file, or a tab), the cell splits there first.
    for (const [value, separator] of [['Probe;=2+3;', ','], ['Probe,=2+3', ';'], ['a\t+1', ','], ['x;y, @SUM(A1)', ';'], ['ok;-1', ',']] as const) {
      const cell = csvCell(value, separator);
      const [record] = await recordsOf(`${cell}\n`, separator);
      expect(unneutralised(record!.cells[0]!), 'read back as written').to.equal(value);
      for (const other of [',', ';', '\t']) {
        const fragments = record!.cells[0]!.split(other);
        for (const fragment of fragments) expect(/^[=+\-@\t\r]/.test(fragment), `${JSON.stringify(value)} split on ${JSON.stringify(other)}: ${JSON.stringify(fragment)}`).to.equal(false);
      }
      expect(cell.startsWith('"'), 'quoted, so a reader that honours quotes does not split it at all').to.equal(true);
    }
  });

  it('reads records with their first line: a BOM, CRLF, quoted separators and line breaks, empty trailing cells', async () => {
    const records = await recordsOf('\uFEFFa;b;c\r\n1;"x;\r\ny";\r\n\r\n2;;\r\n', ';');
    expect(records).to.deep.equal([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1', 'x;\r\ny', ''] },
      { line: 5, cells: ['2', '', ''] },
    ]);
  });

  it('names the line of a record whose quoted cell is never closed', async () => {
    const error = await recordsOf('a,b\n1,"x\ny"\n\n2,"open\n3,4\n', ',').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as Error).message).to.equal('Line 5: a quoted cell is never closed');
  });
});

describe('reading Strong and Hevy exports', () => {
  const reader = { timeZone: 'America/New_York', units: 'lb' as const, now: Date.parse('2026-11-18T15:00:00Z') };
  it("Strong's older export: warm-ups, cardio rows, units per row, durations, the profile's zone", async () => {
    const file = await parseExport(strongOld, reader);
    expect(file.source).to.equal('strong');
    expect(file.rows).to.equal(6);
    expect(file.workouts.map((w) => [w.name, w.startedAt, w.durationMinutes])).to.deep.equal([
      ['Push A', '2019-01-11T17:31:54.000Z', 65],
      ['Legs', '2019-01-14T23:02:10.000Z', 45],
    ]);
    expect(file.workouts[0]!.sets[0]).to.include({ warmup: true, weight: 60, unit: 'kg', reps: 10 });
    expect(file.workouts[1]!.sets[1]).to.include({ exerciseName: 'Running', weight: 0, reps: 0, distance: 3.2, distanceUnit: 'km', seconds: 1200 });
  });
  it("Strong's current export: weights in the user's unit, every field quoted", async () => {
    const file = await parseExport(strongNew, reader);
    expect(file.workouts[0]!.sets.map((s) => [s.weight, s.unit, s.reps, s.rpe])).to.deep.equal([
      [315, 'lb', 5, 8],
      [335, 'lb', 3, null],
    ]);
  });
  it('Hevy: kg columns, set types, minutes between start and end', async () => {
    const file = await parseExport(hevy, reader);
    expect(file.source).to.equal('hevy');
    const [upper, run] = file.workouts;
    expect(upper!.name).to.equal('Upper, heavy');
    expect(upper!.durationMinutes).to.equal(64);
    expect(upper!.sets.map((s) => s.warmup)).to.deep.equal([true, false, false, false]);
    expect(run!.name).to.equal('=Run');
    expect(run!.sets[0]).to.include({ distance: 5.1, distanceUnit: 'km', seconds: 1800, reps: 0 });
  });

  it('names what a header lacks and points to the layouts listed on the import screen', async () => {
    const error = await parseExport('Date,Exercise,Reps\n2024-01-01 10:00,Bench,5\n', reader).catch((e: Error) => e);
    expect((error as Error).message).to.match(/^Line 1: this header is neither Strong's nor Hevy's export/);
    expect((error as Error).message).to.contain('"exercise name", "set order", "weight"').and.to.contain('listed under Import workouts');
  });
});

describe("reading every layout Strong has shipped, and Hevy's, by what the columns are called", () => {
  const reader = { timeZone: 'UTC', units: 'lb' as const, now: Date.parse('2026-11-18T15:00:00Z') };
  /** A file's sets as `exercise weight unit × reps`, a warm-up (W), drop (drop) or failure (failure) set marked, its note after a bar. */
  const setsOf = (file: ParsedFile) => file.workouts.flatMap((w) => w.sets.map((s) => `${s.exerciseName} ${s.weight} ${s.unit} × ${s.reps}${s.warmup ? ' W' : ''}${s.setType ? ` ${s.setType}` : ''}${s.rpe ? ` @${s.rpe}` : ''}${s.notes ? ` | ${s.notes}` : ''}`));

  it('French, `;` with decimal commas, "1h 1min", no unit: kg inferred from its steps, notes with quotes and line breaks kept', async () => {
    const file = await parseExport(strongFrench, reader);
    expect(file).to.deep.include({ source: 'strong', rows: 7 });
    expect(file.layout).to.equal('Strong export, 12 columns separated by semicolons, header not in English');
    expect(file.unit).to.include({ unit: 'kg', source: 'inferred' });
    expect(file.unit.why).to.contain('5 of 6 weighed sets are on kilogram steps');
    expect(file.workouts.map((w) => [w.name, w.startedAt, w.durationMinutes, w.notes])).to.deep.equal([
      ['Jambes', '2021-03-01T18:00:00.000Z', 61, 'bonne séance\nfatigué'],
      ['Haut', '2021-03-03T18:00:00.000Z', 45, undefined],
    ]);
    expect(setsOf(file)).to.deep.equal([
      'Squat (Barbell) 60 kg × 8 W',
      'Squat (Barbell) 130 kg × 5 @8.5 | genou "ok"',
      'Squat (Barbell) 132.5 kg × 5 @9',
      'Lateral Raise (Dumbbell) 12 kg × 15',
      'Bench Press (Barbell) 62.5 kg × 8',
      'Bicep Curl (Dumbbell) 16 kg × 10',
      'Seated Lateral Raise (Dumbbell) 22.5 kg × 12',
    ]);
    // A zero distance or time is none.
    expect(file.workouts[0]!.sets[1]).to.include({ distance: null, seconds: null });
  });

  it('the unit chosen wins over the one inferred, and the profile’s is taken where the weights fit either', async () => {
    expect((await parseExport(strongFrench, { ...reader, chosen: 'lb' })).unit).to.deep.equal({ unit: 'lb', source: 'chosen', why: 'You chose lb for the weights, which the file gives no unit for.' });
    expect(setsOf(await parseExport(strongFrench, { ...reader, chosen: 'lb' }))[1]).to.equal('Squat (Barbell) 130 lb × 5 @8.5 | genou "ok"');
    const fitsEither = strongNew;
    expect((await parseExport(fitsEither, { ...reader, units: 'kg' })).unit).to.include({ unit: 'kg', source: 'profile' });
    expect((await parseExport(fitsEither, reader)).unit).to.include({ unit: 'lb', source: 'profile' });
    // A file that says its unit is read in it, whatever is chosen.
    expect((await parseExport(strongLatest, { ...reader, chosen: 'lb' })).unit).to.include({ unit: 'kg', source: 'file' });
  });

  it('German, "1 Std. 5 Min.", lb inferred from loads that end in 5', async () => {
    const file = await parseExport(strongGerman, { ...reader, units: 'kg' });
    expect(file).to.deep.include({ source: 'strong', rows: 5 });
    expect(file.unit).to.include({ unit: 'lb', source: 'inferred' });
    expect(file.workouts[0]).to.deep.include({ name: 'Push', durationMinutes: 65 });
    expect(setsOf(file)[2]).to.equal('Bench Press (Barbell) 225 lb × 5');
  });

  it('2017–19: no Duration and no RPE columns; lb inferred; a run keeps its distance in miles', async () => {
    const file = await parseExport(strong2018, { ...reader, units: 'kg' });
    expect(file).to.deep.include({ rows: 6, layout: 'Strong export, 10 columns separated by commas' });
    expect(file.unit).to.include({ unit: 'lb', source: 'inferred' });
    expect(file.workouts.map((w) => [w.name, w.durationMinutes])).to.deep.equal([
      ['Legs', 0],
      ['Press', 0],
    ]);
    expect(setsOf(file)[2]).to.equal('Squat (Barbell) 315 lb × 3 | new PR, finally');
    expect(file.workouts[1]!.sets[2]).to.include({ distance: 2, distanceUnit: 'mi', seconds: 900, reps: 0 });
  });

  it('the newest: units in the column names, seconds, meters, rest timer rows left out, drop and failure sets', async () => {
    const file = await parseExport(strongLatest, reader);
    expect(file).to.deep.include({ source: 'strong', rows: 5, layout: 'Strong export, 13 columns separated by commas, 4 rest timer rows left out' });
    expect(file.unit).to.deep.equal({ unit: 'kg', source: 'file', why: "The file names its unit in the weight column's name: kg." });
    expect(file.workouts).to.have.length(1);
    expect(file.workouts[0]).to.deep.include({ name: 'Pull', durationMinutes: 62, notes: 'early one' });
    expect(setsOf(file)).to.deep.equal(['Deadlift (Barbell) 180 kg × 3 @8', 'Deadlift (Barbell) 180 kg × 2 failure @10', 'Lat Pulldown (Cable) 70 kg × 10', 'Lat Pulldown (Cable) 50 kg × 8 drop', 'Rowing (Machine) 0 kg × 0']);
    expect(file.workouts[0]!.sets[4]).to.include({ distance: 2, distanceUnit: 'km', seconds: 480 });
  });

  it('the current columns separated by `;` with decimal commas', async () => {
    const file = await parseExport(strongSemicolon, reader);
    expect(file).to.deep.include({ rows: 5, layout: 'Strong export, 12 columns separated by semicolons' });
    expect(file.unit).to.include({ unit: 'kg', source: 'inferred' });
    expect(setsOf(file)).to.deep.equal(['Bench Press (Barbell) 82.5 kg × 5 @7.5', 'Bench Press (Barbell) 82.5 kg × 5 @8', 'Incline Bench Press (Dumbbell) 26 kg × 10', 'Incline Bench Press (Dumbbell) 26 kg × 9', 'Chest Fly (Cable) 17.5 kg × 12']);
  });

  it('Hevy in lbs: the description and an exercise’s note kept once, with quotes and line breaks; drop and failure sets', async () => {
    const file = await parseExport(hevyLbs, reader);
    expect(file).to.deep.include({ source: 'hevy', rows: 4 });
    expect(file.unit).to.include({ unit: 'lb', source: 'file' });
    expect(file.workouts[0]).to.deep.include({ name: 'Arms', durationMinutes: 50, notes: 'Short one, "pump" only\nthen home' });
    expect(setsOf(file)).to.deep.equal(['Bicep Curl (Dumbbell) 30 lb × 12 | slow, 3 s down', 'Bicep Curl (Dumbbell) 30 lb × 9 failure @10', 'Bicep Curl (Dumbbell) 20 lb × 10 drop', 'Walking 0 lb × 0']);
    expect(file.workouts[0]!.sets[3]).to.include({ distance: 1.5, distanceUnit: 'mi', seconds: 1200 });
  });

  it('a header in words it does not know: each of Strong\'s layouts told by its columns\' order and values, durations in any words', async () => {
    const cyrillic = await parseExport(strongUnknownCyrillic, reader);
    expect(cyrillic).to.deep.include({ source: 'strong', rows: 7 });
    expect(cyrillic.layout).to.equal("Strong export, 12 columns separated by semicolons, header in words this importer does not know, its columns told by their order (Strong's layout with Duration and RPE)");
    expect(cyrillic.unit).to.include({ unit: 'kg', source: 'inferred' });
    expect(cyrillic.workouts.map((w) => [w.name, w.startedAt, w.durationMinutes, w.notes])).to.deep.equal([
      ['Ноги', '2020-04-06T18:30:00.000Z', 65, 'тяжело\nно хорошо'],
      ['Верх', '2020-04-08T18:30:00.000Z', 50, undefined],
    ]);
    expect(setsOf(cyrillic)).to.deep.equal([
      'Squat (Barbell) 60 kg × 8 W',
      'Squat (Barbell) 102.5 kg × 5 @8.5 | колено "ок"',
      'Squat (Barbell) 102.5 kg × 5 @9',
      'Squat (Barbell) 102.5 kg × 3 failure @10',
      'Bench Press (Barbell) 62.5 kg × 8',
      'Bench Press (Barbell) 42.5 kg × 10 drop',
      'Lateral Raise (Dumbbell) 12.5 kg × 15',
    ]);

    const latest = await parseExport(strongUnknownLatest, reader);
    expect(latest.layout).to.equal("Strong export, 13 columns separated by commas, header in words this importer does not know, its columns told by their order (Strong's layout with a workout number), 3 rest timer rows left out");
    expect(latest.unit).to.deep.equal({ unit: 'lb', source: 'file', why: "The file names its unit in the weight column's name: lb." });
    expect(latest.workouts.map((w) => [w.name, w.durationMinutes])).to.deep.equal([['Selg', 50]]);
    expect(setsOf(latest)).to.deep.equal(['Deadlift (Barbell) 405 lb × 3 @9 | konks, "haare"', 'Deadlift (Barbell) 405 lb × 2 failure @10', 'Seated Row (Cable) 160 lb × 10', 'Rowing (Machine) 0 lb × 0']);
    expect(latest.workouts[0]!.sets[3]).to.include({ distance: 1.5, distanceUnit: 'km', seconds: 360 });

    const unitColumn = await parseExport(strongUnknownUnitColumn, reader);
    expect(unitColumn.layout).to.equal("Strong export, 14 columns separated by commas, header in words this importer does not know, its columns told by their order (Strong's layout with a Weight Unit column)");
    expect(unitColumn.unit).to.include({ unit: 'kg', source: 'file' });
    expect(unitColumn.workouts.map((w) => [w.name, w.durationMinutes, w.notes])).to.deep.equal([
      ['Asubuhi', 40, 'mvua\nnje'],
      ['Kukimbia', 30, undefined],
    ]);
    expect(setsOf(unitColumn)).to.deep.equal(['Overhead Press (Barbell) 20 kg × 10 W', 'Overhead Press (Barbell) 50 kg × 5 @8', 'Overhead Press (Barbell) 50 kg × 5 @8', 'Running 0 kg × 0 | pole, pole', 'Chin Up 0 kg × 8']);
    expect(unitColumn.workouts[1]!.sets[0]).to.include({ distance: 5, distanceUnit: 'km', seconds: 1500 });
  });

  it('refuses a duration whose one word no other duration of the file tells, naming it', async () => {
    const alone = strongUnknownCyrillic.replace(/1 ч 5 мин/g, '65 мин');
    expect(await parseExport(alone, reader).catch((e: Error) => e.message)).to.equal('Line 2, column Длительность: "65 мин" is a duration in a word this importer does not know, and no duration of the file writes hours and minutes to tell it');
    // Told by another workout's hours and minutes, wherever in the file
    const later = strongUnknownCyrillic.replace(/1 ч 5 мин/g, '65 мин').replace(/50 мин/g, '0 ч 50 мин');
    expect((await parseExport(later, reader)).workouts.map((w) => w.durationMinutes)).to.deep.equal([65, 50]);
  });

  it('refuses a file of unknown words whose values are not those of Strong\'s layout of as many columns, listing the layouts', async () => {
    // Twelve columns, as Strong's with Duration and RPE, but another app's: no date where Strong has one, no set order.
    const other =
      'Kunde;Artikel;Menge;Preis;Lager;Farbe;Größe;Code;Land;Stadt;Straße;Nr\n' +
      'Anna;Hose;2;39,90;A;blau;M;X1;DE;Köln;Ring;4\n' +
      'Ben;Hemd;1;29,90;B;weiß;L;X2;DE;Bonn;Platz;9\n';
    const message = await parseExport(other, reader).catch((e: Error) => e.message);
    expect(message).to.equal(
      'Line 1: this header is neither Strong\'s nor Hevy\'s export. Strong\'s has the 10, 12, 13 or 14 columns Strong writes, in its order and in any language, or columns called Date, Exercise Name, Set Order, Weight and Reps; Hevy\'s has title, start_time, exercise_title, set_type, weight_kg or weight_lbs, and reps. This file has 12 columns, none called "date", "exercise name", "set order", "weight", "reps" (the layouts this importer reads are listed under Import workouts on your profile)',
    );
    // The same values under Strong's English words are read by the words, and refused at the row they cannot read.
    const english = other.replace(/^[^\n]*/, 'Date;Workout Name;Duration;Exercise Name;Set Order;Weight;Reps;Distance;Seconds;Notes;Workout Notes;RPE');
    expect(await parseExport(english, reader).catch((e: Error) => e.message)).to.equal('Line 2, column Set Order: "A" is not a set number');
  });

  it('refuses a file of rest timers alone, and a weight too heavy for the unit chosen', async () => {
    const rests = strongLatest.split('\n').filter((l, i) => i === 0 || l.includes('Rest Timer')).join('\n');
    expect(await parseExport(rests, reader).catch((e: Error) => e.message)).to.equal('The file holds rest timers but no sets');
    const heavy = strong2018.replace('315', '1500');
    expect(await parseExport(heavy, { ...reader, chosen: 'kg' }).catch((e: Error) => e.message)).to.equal("A weight of 1500 is more than 907 kg: the file's weights are not in kg");
  });
});

describe('reading dates written with slashes, day or month first as the whole file says', () => {
  const reader = { timeZone: 'UTC', units: 'kg' as const, now: Date.parse('2026-11-29T12:00:00Z') };
  const startsOf = (file: ParsedFile) => file.workouts.map((w) => [w.name, w.startedAt, w.durationMinutes, w.sets.length]);

  it('reads a file day first where one of its dates has a day past the 12th in first place, every date alike, and says why', async () => {
    const file = await parseExport(strongSlashedDayFirst, reader);
    expect(startsOf(file)).to.deep.equal([
      ['Legs', '2025-11-03T18:05:00.000Z', 50, 2],
      ['Push', '2025-11-29T07:15:00.000Z', 45, 1],
    ]);
    expect(file.dates).to.deep.equal({ order: 'dmy', source: 'file', why: 'Line 4 writes "29/11/2025 07:15", which has a day past the 12th first: dates are read day first (day/month/year).' });
    // The file settles it: a choice the other way changes nothing.
    expect((await parseExport(strongSlashedDayFirst, { ...reader, dateOrder: 'mdy' })).dates).to.include({ order: 'dmy', source: 'file' });
  });

  it('reads a file month first where a day past the 12th comes second, with a 12-hour clock', async () => {
    const file = await parseExport(strongSlashedMonthFirst, reader);
    expect(startsOf(file)).to.deep.equal([
      ['Legs', '2025-11-03T18:05:00.000Z', 50, 2],
      ['Push', '2025-11-29T07:15:00.000Z', 45, 1],
    ]);
    expect(file.dates).to.include({ order: 'mdy', source: 'file' });
    expect(file.unit).to.include({ unit: 'lb', source: 'file' });
  });

  it('reads a file that reads either way in the order chosen, and refuses it, saying so, without a choice', async () => {
    expect(startsOf(await parseExport(strongSlashedEither, { ...reader, dateOrder: 'dmy' })).map((w) => w[1])).to.deep.equal(['2025-11-03T18:05:00.000Z', '2025-11-04T12:00:00.000Z']);
    const monthFirst = await parseExport(strongSlashedEither, { ...reader, dateOrder: 'mdy' });
    expect(monthFirst.workouts.map((w) => w.startedAt)).to.deep.equal(['2025-03-11T18:05:00.000Z', '2025-04-11T12:00:00.000Z']);
    expect(monthFirst.dates).to.deep.include({ order: 'mdy', source: 'chosen' });
    const refused = (await parseExport(strongSlashedEither, reader).catch((e: Error) => e)) as Error;
    expect(refused.message).to.equal('Line 2: "03/11/2025 18:05" and every other date of the file read either way, day first or month first; say which the file uses (dates=dmy for day first, dates=mdy for month first)');
    // A file of other dates has no order to tell.
    expect((await parseExport(strongNew, reader)).dates).to.equal(null);
  });

  it('refuses a file whose dates are written in both orders, and a 12-hour time past 12, naming the lines', async () => {
    const both = strongSlashedDayFirst + '12/13/2025 07:15,Pull,45m,Deadlift (Barbell),1,140,5,0,0,,,\n';
    expect(((await parseExport(both, reader).catch((e: Error) => e)) as Error).message).to.equal('Line 4: "29/11/2025 07:15" writes the day first and line 5: "12/13/2025 07:15" the month first; a file writes its dates in one order');
    const pm = strongSlashedMonthFirst.replace('"11/29/2025 7:15 AM"', '"11/29/2025 13:15 PM"');
    expect(((await parseExport(pm, reader).catch((e: Error) => e)) as Error).message).to.match(/^Line 4, column Date: "11\/29\/2025 13:15 PM" is not a time of day/);
  });
});

describe('inferring the unit of weights a file does not name', () => {
  it('reads kilogram steps as kg, loads ending in 5 as lb, a weight no one lifts in kg as lb, and nothing from too little or a mix', () => {
    expect(inferUnit([60, 62.5, 100, 102.5, 20, 22.5, 16, 12])?.unit).to.equal('kg');
    expect(inferUnit([135, 185, 225, 275, 315, 50, 60])?.unit).to.equal('lb');
    expect(inferUnit([100, 120, 550, 140, 160])).to.deep.equal({ unit: 'lb', why: 'a weight of 550 is heavier than anyone lifts in kg, so the weights are read in lb.' });
    expect(inferUnit([100, 105, 110])).to.equal(undefined);
    expect(inferUnit([100, 110, 120, 130, 140, 150])).to.equal(undefined);
    expect(inferUnit([0, 0, 0, 0, 0, 0])).to.equal(undefined);
  });
});
