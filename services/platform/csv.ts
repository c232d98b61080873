import { Readable } from 'node:stream';
import { CsvError, parse, type Options } from 'csv-parse';

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

/** The lines the records parsed and not yet taken start on, and the line breaks inside the cells of all parsed. */
interface Lines {
  starts: number[];
  breaks: number;
}

/**
 * What csv-parse is told: RFC 4180 with `delimiter`, and what real exports hold besides (below). The line breaks
 * inside cells are counted as each record is parsed (`on_record`), so a refusal names its line even when the parser
 * has read ahead of the records taken from it.
 */
const readOptions = (delimiter: string, at: Lines): Options => {
  return {
    delimiter,
    bom: true,
    // Any line end, even mixed in one file.
    record_delimiter: ['\r\n', '\n', '\r'],
    skip_empty_lines: true,
    // A quote inside an unquoted cell is a character of the cell.
    relax_quotes: true,
    // A row may hold fewer or more cells than the header: the importer reads cells by column name.
    relax_column_count: true,
    // The line a record starts on: the records and blank lines before it, and the line breaks inside their cells.
    on_record: (cells, { records, empty_lines }) => {
      at.starts.push(records + empty_lines + at.breaks);
      at.breaks += cells.reduce((n, cell) => n + lineBreaks(cell), 0);
      return cells;
    },
  };
};

const lineBreaks = (cell: string) => {
  let n = 0;
  for (let i = cell.indexOf('\n'); i >= 0; i = cell.indexOf('\n', i + 1)) n += 1;
  return n;
};

/** csv-parse's refusals in a person's words, at the line of the record it refused. */
const PROBLEMS: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted cell goes on after its closing quote',
};

/** The file in pieces, so csv-parse reads it a piece at a time and the caller's loop can yield between records. */
function* pieces(text: string): Generator<string> {
  for (let i = 0; i < text.length; i += PIECE) yield text.slice(i, i + PIECE);
}
const PIECE = 64 * 1024;

/**
 * The records of a CSV text (csv-parse: RFC 4180 with `separator`), a byte-order mark dropped, CRLF, LF or CR line
 * ends, quoted cells holding separators, quotes and line breaks. Blank lines are skipped. Each record comes with the
 * line it starts on.
 */
export async function* csvRecords(text: string, separator: string): AsyncGenerator<CsvRecord> {
  const at: Lines = { starts: [], breaks: 0 };
  const parser = Readable.from(pieces(text)).pipe(parse(readOptions(separator, at)));
  try {
    for await (const cells of parser as AsyncIterable<string[]>) yield { line: at.starts.shift()!, cells };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // The record it refused starts after the records and blank lines before it, and the line breaks in their cells.
    const line = Number(error.records ?? 0) + Number(error.empty_lines ?? 0) + at.breaks + 1;
    throw new CsvSyntaxError(line, PROBLEMS[error.code] ?? error.message);
  } finally {
    parser.destroy();
  }
}
