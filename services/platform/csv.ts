/**
 * CSV, both ways, in one place: every CSV the app writes goes through `csvText` (so every cell is escaped by the one
 * rule), and the importer reads files with `csvRecords`.
 */

export type Cell = string | number | boolean | null;

/**
 * Where a spreadsheet may start a cell: the start of ours, and after each character some locale uses as the list
 * separator (',' in English, ';' where the decimal mark is a comma, a tab). A file opened with another separator
 * than it was written with splits our cells there, so each of these places is guarded, not the first alone.
 */
const CELL_STARTS = /(?<=^|[,;\t])(?=[=+\-@\t\r])/g;
/** An apostrophe `csvCell` put at such a place, before what a spreadsheet would take for a formula (OWASP, "CSV Injection"). */
const NEUTRALISED = /(?<=^|[,;\t])'(?=[=+\-@\t\r])/g;

/**
 * One cell as written: wherever a spreadsheet could start a cell inside it (CELL_STARTS) and find a formula there,
 * a leading apostrophe makes it text (shown, not computed); a cell holding any list separator, a quote or a line
 * break is quoted (RFC 4180), so a reader that honours quotes does not split it at all. Numbers are written as they
 * are (a negative number stays a number), and so are true and false. Empty for null.
 */
export function csvCell(value: Cell, separator = ','): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = value.replace(CELL_STARTS, "'");
  return text.includes(separator) || /[",;\t\r\n]/.test(text) || text !== value ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of a file, without its line end. */
export const csvLine = (row: Cell[], separator = ','): string => row.map((v) => csvCell(v, separator)).join(separator);

/** A whole file: the header, then the rows, CRLF after each line (a file written in pieces is these lines, in order). */
export const csvText = (columns: string[], rows: Cell[][], separator = ','): string =>
  [csvLine(columns, separator), ...rows.map((r) => csvLine(r, separator))].join('\r\n') + '\r\n';

/** A cell read back: the apostrophes `csvCell` put before formulas are taken off again. */
export const unneutralised = (cell: string) => cell.replace(NEUTRALISED, '');

/** One record of a file with the line it starts on (1-based; a quoted line break inside a cell makes records span lines). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Line ${line}: ${message}`);
  }
}

/**
 * The records of a CSV text (RFC 4180 with `separator`), a byte-order mark dropped, CRLF or LF line ends, quoted
 * cells holding separators, quotes and line breaks. A generator, so a caller can stop every few thousand records to
 * let other work run. Blank lines are skipped.
 */
export function* csvRecords(text: string, separator: string): Generator<CsvRecord> {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    let cell = '';
    let ended = false;
    while (!ended) {
      if (text[i] === '"') {
        i += 1;
        for (;;) {
          if (i >= n) throw new CsvSyntaxError(start, 'a quoted cell is never closed');
          const c = text[i]!;
          if (c === '"') {
            if (text[i + 1] === '"') {
              cell += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          if (c === '\n') line += 1;
          cell += c;
          i += 1;
        }
      }
      // Up to the next separator or line end (after a closing quote, only those may follow).
      let j = i;
      while (j < n && text[j] !== separator && text[j] !== '\n' && text[j] !== '\r') j += 1;
      cell += text.slice(i, j);
      i = j;
      cells.push(cell);
      cell = '';
      if (i >= n) ended = true;
      else if (text[i] === separator) i += 1;
      else {
        if (text[i] === '\r') i += 1;
        if (text[i] === '\n') i += 1;
        line += 1;
        ended = true;
      }
    }
    if (cells.length === 1 && cells[0] === '') continue;
    yield { line: start, cells };
  }
}
