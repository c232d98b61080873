import { chunksOf, monthKey } from '../../chunks.js';
import type { KeyedDoc, ReadModelStore } from '../../store/port.js';
import { completedKey, completedSessions, importedSessionsProjection, importKey, type ImportedBatchDoc, type ImportedSessionsDoc } from './importedSessions.projection.js';
import { openSessionsProjection, type OpenSessionsDoc } from './openSessions.projection.js';
import type { SessionDoc, UserSessions } from './sessionDoc.js';
import { joinMonths, sessionMonthsProjection, type SessionMonthDoc } from './sessionMonths.projection.js';

/** Month docs (or import batches) read at once while a page is gathered. */
const DOCS_PER_READ = 3;

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
 * The session going on (the latest started of those open), from the open sessions' doc and the month docs from its
 * start on: a few small docs however long the person has trained.
 */
export async function openSession(readModels: ReadModelStore, userId: string): Promise<SessionDoc | undefined> {
  const doc = await readModels.get<OpenSessionsDoc>(openSessionsProjection.name, userId);
  const latest = [...(doc?.open ?? [])].sort((a, b) => b.start_time.localeCompare(a.start_time))[0];
  if (!latest) return undefined;
  const months = new AppMonths(readModels, userId, new Set());
  await months.forwardFrom(latest.start_time, (sessions) => sessions.some((s) => s.session_id === latest.session_id && ended(s)));
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

/** The app's sessions by month: a session's start is in its start month's doc, its later events in later months'. */
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
    const read = await this.readModels.rangeDesc<SessionMonthDoc>(sessionMonthsProjection.name, this.prefix, { below: this.below, limit: DOCS_PER_READ });
    this.keep(read);
    const last = read[read.length - 1];
    if (read.length < DOCS_PER_READ || !last) {
      this.done = true;
      this.knownFrom = '';
    } else {
      this.below = last.key;
      this.knownFrom = last.key.slice(this.prefix.length);
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
      await this.forwardFrom(s.start_time, (joined) => joined.some((j) => j.session_id === s.session_id && ended(j)));
    }
    return this.joined().filter(ended);
  }

  /** Reads the month docs from the month of `instant` on, a few at a time, until `enough` of what is joined. */
  async forwardFrom(instant: string, enough: (joined: SessionDoc[]) => boolean) {
    const start = monthKey(this.userId, instant);
    const own = await this.readModels.get<SessionMonthDoc>(sessionMonthsProjection.name, start);
    if (own) this.docs.set(start, own);
    let above = start;
    while (!enough(this.joined())) {
      const read = await this.readModels.rangeAsc<SessionMonthDoc>(sessionMonthsProjection.name, this.prefix, { above, limit: DOCS_PER_READ });
      this.keep(read);
      if (read.length < DOCS_PER_READ) return;
      above = read[read.length - 1]!.key;
    }
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

/** Finished sessions the dashboard and /prog list as the latest (their recent activity shows at most these). */
const LATEST_SHOWN = 10;

/** What the dashboard and /prog show of a user's sessions: the docs to read them from, not the whole history. */
export interface ShownSessions {
  /** Sessions that ended at or after this instant are all there. */
  since: string;
  /**
   * A plan's completed days: for each day number, its sessions newest first up to one that counts as a workout are
   * there (the plan's progress counts a day done by any one of them).
   */
  completions: readonly { session_id: string; completed_at: string; day_number: number }[];
}

const monthBefore = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${String(y - 1).padStart(4, '0')}-12` : `${String(y).padStart(4, '0')}-${String(m - 1).padStart(2, '0')}`;
};
const dayBefore = (instant: string) => new Date(Date.parse(instant) - 86_400_000).toISOString();
const counts = (s: SessionDoc) => ended(s) && s.exercises.length > 0;

/**
 * The month docs and imported batches that hold every session the dashboard and /prog draw from, read newest first
 * and oldest first as far as needed: those that ended since `since`, the latest finished ones (by end, as recent
 * activity lists them), the first finished one (where the workouts chart may start), and a plan's completed days'.
 * Any other session the docs hold is a true one of the person's, so answers drawn from these docs are the same as
 * from the whole history.
 */
export async function readShownSessions(
  readModels: ReadModelStore,
  userId: string,
  shown: ShownSessions,
  /** Docs per read (tests lower it, so a read takes no more than it must). */
  perRead = DOCS_PER_READ,
): Promise<{ months: SessionMonthDoc[]; imported: ImportedSessionsDoc[] }> {
  const imports = await completedImports(readModels, userId);
  const [months, batches, completed] = await Promise.all([
    shownMonths(readModels, userId, shown, perRead),
    Promise.all(imports.map((id) => shownBatches(readModels, userId, id, shown.since, perRead))),
    Promise.all(imports.map((id) => readModels.get<ImportedSessionsDoc>(importedSessionsProjection.name, completedKey(userId, id)))),
  ]);
  return { months, imported: [...batches.flat(), ...completed.filter((d): d is ImportedSessionsDoc => d !== undefined)] };
}

async function shownMonths(readModels: ReadModelStore, userId: string, { since, completions }: ShownSessions, perRead: number): Promise<SessionMonthDoc[]> {
  const prefix = chunksOf(userId);
  const collection = sessionMonthsProjection.name;
  const docs = new Map<string, SessionMonthDoc>();
  const keep = (read: KeyedDoc<SessionMonthDoc>[]) => read.forEach(({ key, doc }) => docs.set(key, doc));
  const joined = () => joinMonths([...docs.values()]);
  const monthOfKey = (key: string) => key.slice(prefix.length);

  // Newest first, down to the month of `since` and of the LATEST_SHOWN-th latest start of a finished session: a
  // session ending after those is in a month read (its end is), and it is joined below.
  let lowest: string | undefined;
  for (;;) {
    const read = await readModels.rangeDesc<SessionMonthDoc>(collection, prefix, { below: lowest && `${prefix}${lowest}`, limit: perRead });
    keep(read);
    if (read.length === 0) break;
    lowest = monthOfKey(read[read.length - 1]!.key);
    const starts = joined()
      .filter(counts)
      .map((s) => s.start_time)
      .sort()
      .reverse();
    const latest = starts[LATEST_SHOWN - 1];
    if (lowest <= monthOf(since) && latest !== undefined && lowest <= monthOf(latest)) break;
    if (read.length < perRead) break;
  }
  const recentFrom = lowest;

  // Oldest first, up to the month of the first finished session's end: no session that started later can end before it.
  let highest: string | undefined;
  for (;;) {
    const read = await readModels.rangeAsc<SessionMonthDoc>(collection, prefix, { above: highest && `${prefix}${highest}`, limit: perRead });
    keep(read);
    if (read.length === 0) break;
    highest = monthOfKey(read[read.length - 1]!.key);
    const firstEnd = joined()
      .filter(counts)
      .map((s) => s.end_time!)
      .sort()[0];
    if ((firstEnd !== undefined && highest > monthOf(firstEnd)) || read.length < perRead || (recentFrom !== undefined && highest >= recentFrom)) break;
  }

  // The sessions of a plan's completed days, each day's newest first until one counts: from the month it was
  // completed in back to the session's start.
  const days = new Map<number, { session_id: string; completed_at: string }[]>();
  for (const c of completions) days.set(c.day_number, [...(days.get(c.day_number) ?? []), c]);
  for (const day of days.values()) {
    for (const { session_id, completed_at } of [...day].sort((a, b) => (a.completed_at < b.completed_at ? 1 : -1))) {
      let below = `${monthKey(userId, completed_at)}~`;
      while (!joined().some((s) => s.session_id === session_id && ended(s))) {
        const read = await readModels.rangeDesc<SessionMonthDoc>(collection, prefix, { below, limit: perRead });
        keep(read);
        if (read.length < perRead) break;
        below = read[read.length - 1]!.key;
      }
      if (joined().some((s) => s.session_id === session_id && counts(s))) break;
    }
  }

  // Every session with events in a doc read is read whole: back to its start, and through every month between.
  const looked = new Set<string>();
  for (;;) {
    const started = new Map(joined().map((s) => [s.session_id, monthOf(s.start_time)]));
    const size = docs.size;
    for (const [key, doc] of [...docs]) {
      for (const fact of doc.continued) {
        const id = fact.data.sessionId;
        const start = started.get(id);
        if (start === undefined) {
          if (looked.has(id)) continue;
          looked.add(id);
          let below = key;
          for (;;) {
            const [read] = await readModels.rangeDesc<SessionMonthDoc>(collection, prefix, { below, limit: 1 });
            if (!read) break;
            docs.set(read.key, read.doc);
            if (read.doc.sessions.some((s) => s.session_id === id)) break;
            below = read.key;
          }
        } else {
          for (let m = monthBefore(monthOfKey(key)); m > start; m = monthBefore(m)) {
            const between = `${prefix}${m}`;
            if (docs.has(between) || looked.has(between)) continue;
            looked.add(between);
            const doc = await readModels.get<SessionMonthDoc>(collection, between);
            if (doc) docs.set(between, doc);
          }
        }
      }
    }
    if (docs.size === size) return [...docs.values()];
  }
}

/** One completed import's batches that hold what the dashboard and /prog show (as `shownMonths` for the app's). */
async function shownBatches(readModels: ReadModelStore, userId: string, importId: string, since: string, perRead: number): Promise<ImportedBatchDoc[]> {
  const prefix = chunksOf(importKey(userId, importId));
  const collection = importedSessionsProjection.name;
  const docs = new Map<string, ImportedBatchDoc>();
  const sessions = () => [...docs.values()].flatMap((d) => d.sessions).filter(counts);
  const monthOfKey = (key: string) => key.slice(prefix.length, prefix.length + 7);

  // Newest first: an imported session ends within a day of its start, so one that ended since `since`, or after
  // the LATEST_SHOWN-th latest start, started at most a day before; every session of a month after the lowest
  // batch's is known.
  let below = completedKey(userId, importId);
  let lowest: string | undefined;
  for (;;) {
    const read = await readModels.rangeDesc<ImportedBatchDoc>(collection, prefix, { below, limit: perRead });
    read.forEach(({ key, doc }) => docs.set(key, doc));
    if (read.length === 0) break;
    below = read[read.length - 1]!.key;
    lowest = monthOfKey(below);
    const known = sessions()
      .filter((s) => monthOf(s.start_time) > lowest!)
      .map((s) => s.start_time)
      .sort()
      .reverse();
    const latest = known[LATEST_SHOWN - 1];
    if (latest !== undefined && lowest < monthOf(dayBefore(latest)) && lowest < monthOf(dayBefore(since))) break;
    if (read.length < perRead) break;
  }

  // Oldest first, until a batch starts after the first finished session's end (later batches start later still).
  let above: string | undefined;
  for (;;) {
    const [read] = await readModels.rangeAsc<ImportedBatchDoc>(collection, prefix, { above, limit: 1 });
    if (!read || read.key >= below || read.key === completedKey(userId, importId)) break;
    docs.set(read.key, read.doc);
    above = read.key;
    const firstEnd = sessions()
      .map((s) => s.end_time!)
      .sort()[0];
    const firstStart = read.doc.sessions.map((s) => s.start_time).sort()[0];
    if (firstEnd !== undefined && firstStart !== undefined && firstStart > firstEnd) break;
  }
  return [...docs.values()];
}
