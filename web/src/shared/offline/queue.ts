import type { Dispatch } from '@reduxjs/toolkit';
import { commandSynced, queueChanged, type Refusal } from '../store/syncSlice';
import { validClaims } from '../auth/token';
import { LOCAL_ID, offlineDb, type QueuedCommand } from './db';

/**
 * The offline queue. Every change the tracker makes (start, log, pause, resume, end) is kept here first, with its
 * Idempotency-Key made when the person acted, then sent in the order it was made. The server's idempotency keys
 * make a resend after a lost answer harmless, so a command leaves the queue only once the server has answered it:
 * applied (removed), refused (kept, shown with the server's message, and the rest goes on), or not answered at all
 * (kept; the queue stops there and tries again when the network is back).
 */

export type Outcome = { kind: 'applied'; body: unknown } | { kind: 'refused'; status: number; message: string } | { kind: 'waiting' };

interface Host {
  token(): string | null;
  dispatch: Dispatch;
  /**
   * Reads are stale once a change was sent that no page waited for (it waited in the queue): they are read again.
   * A change the page waits for (sendUpTo) is answered through its endpoint, whose tags say what it changed.
   */
  sent(): void;
}

let host: Host | undefined;
const fates = new Map<string, Outcome>();
/** The commands a page is waiting for (sendUpTo), answered through their endpoints. */
const awaited = new Set<string>();
let running: Promise<void> | undefined;
let again = false;
const RETRY_MS = 10_000;

const userOf = (token: string | null) => validClaims(token)?.sub ?? null;

export function startQueue(h: Host): void {
  host = h;
  window.addEventListener('online', () => void flush());
  // A server that is down does not fire 'online' when it comes back: while changes wait, try again now and then.
  setInterval(() => {
    if (lastWaiting > 0) void flush();
  }, RETRY_MS);
  void flush();
}

let lastWaiting = 0;

/** Keeps a new command (before anything is sent, so a closed tab loses nothing). */
export async function enqueue(command: Omit<QueuedCommand, 'seq' | 'status' | 'user'>): Promise<QueuedCommand | undefined> {
  const user = userOf(host?.token() ?? null);
  if (!user) return undefined;
  const db = await offlineDb();
  const last = await db.getAllFromIndex('commands', 'byUser', user);
  const seq = Math.max(0, ...last.map((c) => c.seq)) + 1;
  const kept: QueuedCommand = { ...command, user, seq, status: 'waiting' };
  await db.put('commands', kept);
  return kept;
}

/** Sends what waits, in order; resolves with what became of `key` (waiting when the queue stopped before it). */
export async function sendUpTo(key: string): Promise<Outcome> {
  awaited.add(key);
  try {
    await flush();
  } finally {
    awaited.delete(key);
  }
  const fate = fates.get(key) ?? { kind: 'waiting' };
  fates.delete(key);
  return fate;
}

/** A refusal the caller shows itself (it was refused while the person waited for it) leaves the queue. */
export async function forget(key: string): Promise<void> {
  await (await offlineDb()).delete('commands', key);
  await publish(false);
}

/** The person has read a refusal. */
export const dismiss = forget;

/**
 * The commands still waiting for the signed-in user, in the order they were made, with the server's ids where
 * known (what pending views apply to the server's last answer).
 */
export async function waitingCommands(): Promise<QueuedCommand[]> {
  const user = userOf(host?.token() ?? null);
  if (!user) return [];
  const all = await (await offlineDb()).getAllFromIndex('commands', 'byUser', user);
  const waiting = all.filter((c) => c.status === 'waiting').sort((a, b) => a.seq - b.seq);
  return Promise.all(waiting.map(async (c) => ({ ...c, request: (await withServerIds(c.request)).request })));
}

export function flush(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await drain();
      } while (again);
    } finally {
      running = undefined;
    }
  })();
  return running;
}

async function drain(): Promise<void> {
  if (!host) return;
  const token = host.token();
  const user = userOf(token);
  if (!user || !token) return;
  const db = await offlineDb();
  const commands = (await db.getAllFromIndex('commands', 'byUser', user)).filter((c) => c.status === 'waiting').sort((a, b) => a.seq - b.seq);
  let sent = false;
  let sentUnawaited = false;
  let reached: boolean | undefined;
  for (const command of commands) {
    const request = await resolved(command);
    const outcome: Outcome =
      'refusal' in request ? { kind: 'refused', status: 409, message: request.refusal } : await send(command.key, command.at, request, token);
    fates.set(command.key, outcome);
    if (outcome.kind === 'waiting') {
      reached = false;
      break;
    }
    reached = true;
    sent = true;
    if (!awaited.has(command.key)) sentUnawaited = true;
    if (outcome.kind === 'applied') {
      const body = outcome.body as Record<string, unknown> | null;
      const serverId = command.creates && body ? body[command.creates.field] : undefined;
      if (command.creates && typeof serverId === 'string') await db.put('ids', { localId: command.creates.localId, user, serverId });
      await db.delete('commands', command.key);
      host.dispatch(commandSynced({ position: typeof body?.position === 'number' ? body.position : undefined }));
    } else {
      await db.put('commands', { ...command, status: 'refused', message: outcome.message });
    }
  }
  await publish(sent, reached);
  if (sentUnawaited) host.sent();
}

/** A request with the local ids it holds replaced by the server's where known; `unknown` says if any was not. */
async function withServerIds(request: QueuedCommand['request']): Promise<{ request: QueuedCommand['request']; unknown: boolean }> {
  const text = JSON.stringify(request);
  const locals = [...new Set(text.match(LOCAL_ID) ?? [])];
  if (locals.length === 0) return { request, unknown: false };
  const db = await offlineDb();
  let out = text;
  let unknown = false;
  for (const localId of locals) {
    const known = await db.get('ids', localId);
    if (known) out = out.split(localId).join(known.serverId);
    else unknown = true;
  }
  return { request: JSON.parse(out) as QueuedCommand['request'], unknown };
}

/**
 * The command as it is sent. An id still local means the command that was to create it was refused (commands are
 * sent in order): the server could not take this one either.
 */
async function resolved(command: QueuedCommand): Promise<QueuedCommand['request'] | { refusal: string }> {
  const { request, unknown } = await withServerIds(command.request);
  return unknown ? { refusal: 'It belongs to a workout that the server did not start, so it could not be saved.' } : request;
}

/** `at`: when the person acted; the server dates the change by it (X-Acted-At, services/command/src/fields.ts). */
async function send(key: string, at: string, request: QueuedCommand['request'], token: string): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(`/api${request.url}`, {
      method: request.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'Idempotency-Key': key, 'X-Acted-At': at },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch {
    return { kind: 'waiting' };
  }
  // No answer from the app itself (a proxy's 502/503/504, a rate limit) or a sign-in that ended: try again later.
  if (response.status >= 500 || response.status === 429 || response.status === 401 || response.status === 408) return { kind: 'waiting' };
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { kind: 'applied', body };
  const data = body as { message?: unknown; error?: unknown } | null;
  const message = typeof data?.message === 'string' ? data.message : typeof data?.error === 'string' ? data.error : `The server refused it (${response.status}).`;
  return { kind: 'refused', status: response.status, message };
}

/** A command's own words (`shown.what`, `shown.summary`), so a refusal says exactly what was not saved. */
const shownText = (c: QueuedCommand, field: 'what' | 'summary') => {
  const text = (c.shown as Record<string, unknown> | undefined)?.[field];
  return typeof text === 'string' ? text : undefined;
};
const describe = (c: QueuedCommand) => {
  const what = shownText(c, 'what') ?? c.what;
  const summary = shownText(c, 'summary');
  return summary ? `${what} (${summary})` : what;
};

/** Tells the banner how many changes wait and which were refused. */
export async function publish(saved: boolean, reached?: boolean): Promise<void> {
  if (!host) return;
  const user = userOf(host.token());
  const all = user ? await (await offlineDb()).getAllFromIndex('commands', 'byUser', user) : [];
  const refused: Refusal[] = all
    .filter((c) => c.status === 'refused')
    .sort((a, b) => a.seq - b.seq)
    .map((c) => ({ key: c.key, what: describe(c), message: c.message ?? '' }));
  lastWaiting = all.length - refused.length;
  host.dispatch(queueChanged({ waiting: lastWaiting, refused, reached, saved, at: new Date().toISOString() }));
}
