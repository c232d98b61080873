import { chunksOf, monthKey } from '../../chunks.js';
import type { KeyedDoc, ReadModelStore } from '../../store/port.js';
import { completedKey, completedSessions, importedSessionsProjection, importKey, type ImportedBatchDoc, type ImportedSessionsDoc } from './importedSessions.projection.js';
import { openSessionsProjection, type OpenSessionsDoc } from './openSessions.projection.js';
import type { SessionDoc, UserSessions } from './sessionDoc.js';
import { joinMonths, sessionMonthsProjection, sessionPartKey, type SessionMonthDoc } from './sessionMonths.projection.js';

/** Import batches read at once while a page is gathered. */
const DOCS_PER_READ = 3;
/** The app's session docs (a session's part of a month each) read at once: about a page of the Exercise Log. */
const SESSION_DOCS_PER_READ = 24;

/** Where a page of the history goes on: below this session in its order (start time, then session id, newest first). */
export interface HistoryPlace {
  start_time: string;
  session_id: string;
}

const monthOf = (instant: string) => instant.slice(0, 7);
const byStart = (a: SessionDoc, b: SessionDoc) => (a.start_time < b.start_time ? -1 : a.start_time > b.start_time ? 1 : 0);
const newestFirst = (a: SessionDoc, b: SessionDoc) => -byStart(a, b) || (a.session_id < b.session_id ? 1 : a.session_id > b.session_id ? -1 : 0);
const isBelow = (s: SessionDoc, place: HistoryPlace | undefined) => !place || s.start_time < place.start_time || (s.start_time === place.start_time && s.session_id < place.session_id);
const ended = (s: SessionDoc) => s.status === 'Ended';
/** Sorts after every month ('YYYY-MM'): a source that has read nothing yet knows no month. */
const NO_MONTH = '\uffff';

/** The sessions of a user's month docs and imported-sessions docs, each read whole: open ones, and the history by start. */
export function userSessions(months: readonly SessionMonthDoc[], imported: readonly ImportedSessionsDoc[]): UserSessions {
  const joined = joinMonths(months);
  return { open: joined.filter((s) => !ended(s)), history: [...joined.filter(ended), ...completedSessions(imported)].sort(byStart) };
}

/**
 * The session going on (the latest started of those open), from the open sessions' doc and the session's own parts:
 * its start month's part by its key, and those of later months, if any. A few small docs however long the person has
 * trained and however many sessions the month holds.
 */
export async function openSession(readModels: ReadModelStore, userId: string): Promise<SessionDoc | undefined> {
  const doc = await readModels.get<OpenSessionsDoc>(openSessionsProjection.name, userId);
  const latest = [...(doc?.open ?? [])].sort((a, b) => b.start_time.localeCompare(a.start_time))[0];
  if (!latest) return undefined;
  const months = new AppMonths(readModels, userId, new Set());
  await months.partsOf(latest.session_id, latest.start_time);
  return months.joined().find((s) => s.session_id === latest.session_id && !ended(s));
}

/**
 * One page of a user's ended sessions, newest first by start (then session id), below `place` when given: the app's
 * sessions by month and each completed import's batches, read newest first, a few docs at a time, only as far as
 * the page needs. Once every doc keyed at month M or later of every source is read, every session started in M or
 * later is known (an import's batch is keyed by its latest start month); so a session is answered once no source
 * can still hold one above it. `more` says whether sessions are left below the page.
 */
export async function historyPage(readModels: ReadModelStore, userId: string, limit: number, place?: HistoryPlace): Promise<{ sessions: SessionDoc[]; more: boolean }> {
  const [open, imports] = await Promise.all([readModels.get<OpenSessionsDoc>(openSessionsProjection.name, userId), completedImports(readModels, userId)]);
  const sources: Source[] = [new AppMonths(readModels, userId, new Set((open?.open ?? []).map((s) => s.session_id)), place), ...imports.map((id) => new ImportBatches(readModels, userId, id, place))];
  for (;;) {
    const known = (await Promise.all(sources.map((s) => s.sessions())))
      .flat()
      .filter((s) => isBelow(s, place))
      .sort(newestFirst);
    // Newest first, so the sessions every source is sure of are the first ones.
    const sure = known.filter((s) => sources.every((source) => source.knows(monthOf(s.start_time))));
    if (sure.length > limit || sources.every((s) => s.done)) return { sessions: sure.slice(0, limit), more: sure.length > limit };
    // The source that holds the page back most: the one that knows the fewest months.
    const next = sources.filter((s) => !s.done).sort((a, b) => (a.knownFrom < b.knownFrom ? 1 : a.knownFrom > b.knownFrom ? -1 : 0))[0]!;
    await next.more();
  }
}

/** The completed imports of a user: those the imports' list says completed and whose completion doc is kept. */
async function completedImports(readModels: ReadModelStore, userId: string): Promise<string[]> {
  // The list is the imports capability's doc (imports.projection.ts), read by its collection's name: that capability
  // reads this one's docs, so importing its code here would make a cycle.
  const list = await readModels.get<{ imports: { import_id: string; status: string }[] }>('imports', userId);
  const ids = (list?.imports ?? []).filter((i) => i.status === 'completed').map((i) => i.import_id);
  const kept = await Promise.all(ids.map((id) => readModels.get(importedSessionsProjection.name, completedKey(userId, id))));
  return ids.filter((_, i) => kept[i] !== undefined);
}

/** A kind of docs sessions are kept in, read newest first. */
interface Source {
  /** Every session of this source started in a month at or after this is known ('' once all is read). */
  readonly knownFrom: string;
  readonly done: boolean;
  knows(month: string): boolean;
  more(): Promise<void>;
  /** The ended sessions known so far. */
  sessions(): Promise<SessionDoc[]>;
}

/**
 * The app's sessions by month and session (sessionMonths.projection.ts): a session's start is in its part of its start
 * month, its later events in its parts of later months. Keys sort by month first, so once a doc of a month is read,
 * every part of the months after it is known.
 */
class AppMonths implements Source {
  private readonly prefix: string;
  private readonly docs = new Map<string, SessionMonthDoc>();
  /** Sessions whose later months were read already. */
  private readonly followed = new Set<string>();
  private below: string | undefined;
  knownFrom = NO_MONTH;
  done = false;

  constructor(
    private readonly readModels: ReadModelStore,
    private readonly userId: string,
    /** Sessions still open: not in the history, and no later doc to look for. */
    private readonly open: ReadonlySet<string>,
    place?: HistoryPlace,
  ) {
    this.prefix = chunksOf(userId);
    // '~' sorts after the month: its own doc is read too.
    this.below = place ? `${monthKey(userId, place.start_time)}~` : undefined;
  }

  knows(month: string) {
    return month >= this.knownFrom;
  }

  async more() {
    const read = await this.readModels.rangeDesc<SessionMonthDoc>(sessionMonthsProjection.name, this.prefix, { below: this.below, limit: SESSION_DOCS_PER_READ });
    this.keep(read);
    const last = read[read.length - 1];
    if (read.length < SESSION_DOCS_PER_READ || !last) {
      this.done = true;
      this.knownFrom = '';
    } else {
      this.below = last.key;
      // Other sessions of the same month may be below it: its month is known only once a doc of an earlier one is read.
      this.knownFrom = `${last.key.slice(this.prefix.length, this.prefix.length + 7)}~`;
    }
  }

  joined() {
    return joinMonths([...this.docs.values()]);
  }

  async sessions() {
    // A session started in a month read whose end is in a later month not read (a page that began below it, or a
    // session left open for weeks): its months are read on from its start until its end.
    for (const s of this.joined()) {
      if (ended(s) || this.open.has(s.session_id) || this.followed.has(s.session_id)) continue;
      this.followed.add(s.session_id);
      await this.laterParts(s.start_time, (joined) => joined.some((j) => j.session_id === s.session_id && ended(j)), s.session_id);
    }
    return this.joined().filter(ended);
  }

  /** One session's parts: its start month's, by its key, and those of later months. */
  async partsOf(sessionId: string, start: string) {
    const key = sessionPartKey(this.userId, start, sessionId);
    const own = await this.readModels.get<SessionMonthDoc>(sessionMonthsProjection.name, key);
    if (own) this.docs.set(key, own);
    await this.laterParts(start, () => false, sessionId);
  }

  /**
   * Reads the parts of a session in the months after the month of its start (`start`), some docs at a time, keeping
   * those of `sessionId`, until `enough` of what is joined or none are left.
   */
  private async laterParts(start: string, enough: (joined: SessionDoc[]) => boolean, sessionId: string) {
    // A part's key is the prefix, 'YYYY-MM/', then the session.
    const ofSession = (key: string) => key.slice(this.prefix.length + 8) === sessionId;
    // '~' sorts after every key of the start month's parts.
    let above = `${monthKey(this.userId, start)}~`;
    do {
      const read = await this.readModels.rangeAsc<SessionMonthDoc>(sessionMonthsProjection.name, this.prefix, { above, limit: SESSION_DOCS_PER_READ });
      this.keep(read.filter((r) => ofSession(r.key)));
      if (read.length < SESSION_DOCS_PER_READ) return;
      above = read[read.length - 1]!.key;
    } while (!enough(this.joined()));
  }

  private keep(read: KeyedDoc<SessionMonthDoc>[]) {
    for (const { key, doc } of read) this.docs.set(key, doc);
  }
}

/**
 * One completed import's batches, keyed by their latest start month. An import's workouts are in start order
 * (parse.ts sorts them), so of the batches keyed after a month only the first can hold sessions of that month or
 * before: a page that begins below a place reads that one batch, then those keyed at its month and before.
 */
class ImportBatches implements Source {
  private readonly prefix: string;
  private readonly top: string;
  private readonly docs: ImportedBatchDoc[] = [];
  private below: string;
  private straddling: boolean;
  knownFrom = NO_MONTH;
  done = false;

  constructor(
    private readonly readModels: ReadModelStore,
    userId: string,
    importId: string,
    place?: HistoryPlace,
  ) {
    this.prefix = chunksOf(importKey(userId, importId));
    this.top = completedKey(userId, importId);
    this.below = place ? `${this.prefix}${monthOf(place.start_time)}~` : this.top;
    this.straddling = place !== undefined;
  }

  knows(month: string) {
    return month >= this.knownFrom;
  }

  async more() {
    if (this.straddling) {
      this.straddling = false;
      const [first] = await this.readModels.rangeAsc<ImportedBatchDoc>(importedSessionsProjection.name, this.prefix, { above: this.below, limit: 1 });
      if (first && first.key < this.top) this.docs.push(first.doc);
    }
    const read = await this.readModels.rangeDesc<ImportedBatchDoc>(importedSessionsProjection.name, this.prefix, { below: this.below, limit: DOCS_PER_READ });
    this.docs.push(...read.map((r) => r.doc));
    const last = read[read.length - 1];
    if (read.length < DOCS_PER_READ || !last) {
      this.done = true;
      this.knownFrom = '';
    } else {
      this.below = last.key;
      // Other batches of the same month may be below it: its month is known only once a doc of an earlier one is read.
      this.knownFrom = `${last.key.slice(this.prefix.length, this.prefix.length + 7)}~`;
    }
  }

  async sessions() {
    return this.docs.flatMap((d) => d.sessions);
  }
}
