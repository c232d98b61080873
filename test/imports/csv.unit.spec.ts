import { expect } from 'chai';
import { csvCell, csvRecords, csvText, unneutralised, type CsvRecord } from '../../services/platform/csv.js';
import { parseExport } from '../../services/command/src/imports/parse.js';
import { hevy, strongNew, strongOld } from './files.js';

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
});
