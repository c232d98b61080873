// The log reader thread of SqliteEventStore.readPages (sqlite.ts): runs the store's page query on a connection of
// its own and posts each page as one JSON text, an array of rows (`[position, id, stream, revision, type, data,
// metadata, opened?]`) with the stored JSON of each event's data and metadata set in as it is: one string crosses
// to the caller, who parses the page in one call, instead of seven values a row each copied and parsed apart. It reads a page only while it holds credit (`credit[0]`, shared with
// the caller, who adds one for each page taken), so it stays at most a few pages ahead; out of credit it sleeps
// until the caller adds some. An empty page says the log has no more. Plain JavaScript: a worker thread does not
// inherit the tsx loader the services run under.
//
// With `open`, it also opens the one seal of each sealed event it can (events/store/shredding.ts) with the keys of the
// page's subjects, read per page on its connection as the store reads them per call, and adds the opened JSON to the
// row: opening is a cipher per event, and here it runs beside the caller's folds instead of on their thread. The seal
// is the last field of the data as sealEvents writes it; found there, it is taken out of the data's text, so the
// caller neither parses it nor drops it. A row it leaves as it is (a type listed in `open.callerOpens`, a field sealed
// on its own, a key gone) the caller opens.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { eventAad, SEALED_EVENT, SEALED_FIELD, unseal } from './unseal.mjs';

const { file, sql, params, after, pageSize, credit, open } = workerData;
const db = new Database(file, { fileMustExist: true });
const statement = db.prepare(sql).raw();
const sealedTypes = new Set(open?.sealedTypes);
const callerOpens = new Set(open?.callerOpens);
const streamSubjects = new Set(open?.streamSubjects);
const keysOf = open && db.prepare(open.keysSql).raw();
// How an event's one seal starts in its stored JSON (data.sealed), and how a field sealed on its own does.
const sealedEvent = `"sealed":"${SEALED_EVENT}`;
const sealedField = `"${SEALED_FIELD}`;

/**
 * The string that follows the first `marker` in an event's JSON text, `kept` (the part of the marker inside the string)
 * first; undefined when it holds an escape. Read from the text, not a parse of it (parsing every sealed event here
 * was a third of this thread's time): the envelope and the user id are found at the first such place. A wrong find
 * cannot open anything wrongly (the seal authenticates its subject, and fails under another's key or data), so it
 * only leaves the row for the caller to open.
 */
function stringAfter(text, marker, kept) {
  const at = text.indexOf(marker);
  if (at < 0) return undefined;
  const from = at + marker.length;
  const end = text.indexOf('"', from);
  if (end < 0) return undefined;
  const value = text.slice(from, end);
  return value.includes('\\') ? undefined : kept + value;
}

/**
 * The data's text without its last field, the seal `envelope`, when that is where it stands (sealEvents adds it last);
 * otherwise the text as it is (the caller then drops the seal).
 */
function withoutSeal(text, envelope) {
  const field = `"sealed":"${envelope}"}`;
  if (!text.endsWith(field)) return text;
  const before = text.length - field.length - 1;
  return text[before] === ',' ? `${text.slice(0, before)}}` : text[before] === '{' ? '{}' : text;
}

/** Adds to each row of a sealed event it can open the opened JSON of its seal (column 7), its data without the seal. */
function openSeals(rows) {
  const sealed = [];
  for (const row of rows) {
    const [, , stream, , type, text] = row;
    if (!sealedTypes.has(type) || callerOpens.has(type) || !text.includes(sealedEvent) || text.includes(sealedField)) continue;
    const envelope = stringAfter(text, sealedEvent, SEALED_EVENT);
    const userId = streamSubjects.has(type) ? undefined : stringAfter(text, '"userId":"', '');
    if (envelope !== undefined && (streamSubjects.has(type) || userId !== undefined)) {
      sealed.push({ row, subject: streamSubjects.has(type) ? stream : open.userPrefix + userId, envelope });
      continue;
    }
    const data = JSON.parse(text);
    if (typeof data.sealed !== 'string') continue;
    const subject = streamSubjects.has(type) ? stream : typeof data.userId === 'string' ? open.userPrefix + data.userId : undefined;
    if (subject !== undefined) sealed.push({ row, subject, envelope: data.sealed });
  }
  if (sealed.length === 0) return;
  const keys = new Map(keysOf.all(JSON.stringify([...new Set(sealed.map((s) => s.subject))])));
  for (const { row, subject, envelope } of sealed) {
    const opened = unseal(keys.get(subject), eventAad(subject, row[4]), envelope, SEALED_EVENT);
    if (opened === undefined) continue;
    row[5] = withoutSeal(row[5], envelope);
    row[7] = opened;
  }
}

/**
 * The page as one JSON text: the stored data and metadata (JSON written by the store) and the opened seal (JSON
 * written by sealEvents, authenticated by its opening) set in as they are.
 */
function pageText(rows) {
  let text = '[';
  for (let i = 0; i < rows.length; i += 1) {
    const [position, id, stream, revision, type, data, metadata, opened] = rows[i];
    if (i > 0) text += ',';
    text += `[${position},${JSON.stringify(id)},${JSON.stringify(stream)},${revision},${JSON.stringify(type)},${data},${metadata}${opened === undefined ? '' : `,${opened}`}]`;
  }
  return `${text}]`;
}

for (let from = after; ; ) {
  while (Atomics.load(credit, 0) === 0) Atomics.wait(credit, 0, 0);
  Atomics.sub(credit, 0, 1);
  const rows = statement.all({ ...params, after: from, limit: pageSize });
  if (open) openSeals(rows);
  parentPort.postMessage(pageText(rows));
  if (rows.length === 0) break;
  from = rows[rows.length - 1][0];
}
db.close();
