/**
 * The staff's ticket list with a year of tickets: `count` tickets (default 5,000) from a few hundred people, one a
 * tenth answered, then the time of GET /api/tickets as staff open it (the first page), narrow it (a status, a
 * component, a search of the words) and page deep into it, each the median and the slowest of sequential requests.
 * `tsx scripts/bench/tickets.ts [count]` runs this alone.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { ROLES } from '../../contract/accounts/roles.js';
import { TICKET_COMPONENTS } from '../../contract/support/ticketLists.js';
import { ticketStream } from '../../events/streams.js';
import { execute } from '../../services/command/src/execute.js';
import { replyToTicket, submitTicket } from '../../services/command/src/support/decide.js';
import { ticket } from '../../services/command/src/support/ticket.js';
import { appendRoleGranted } from '../grantRole.js';
import { decodeToken } from '../support/signup.js';
import { note, now, round, runBenchScript } from './common.js';
import { signUpVerifiedUser, startBenchSystem, type BenchSystem } from './system.js';

export interface TicketListFigures {
  tickets: number;
  /** Per way of asking, ms: the median and the slowest of `requests` sequential GETs. */
  asks: { name: string; p50Ms: number; maxMs: number }[];
  requests: number;
}

const REQUESTS = 20;
const WORDS = ['chart', 'plan', 'login', 'weight', 'meal', 'sync', 'reminder', 'export', 'timer', 'coach'];

async function seed(app: BenchSystem, count: number, staffId: string): Promise<number> {
  const ctx = { store: app.system.events, metadata: { correlationId: 'bench-tickets', at: new Date().toISOString() } };
  const people = Array.from({ length: 300 }, () => randomUUID());
  const start = Date.parse('2025-11-29T00:00:00.000Z');
  let position = 0;
  for (let i = 0; i < count; i += 1) {
    const ticketId = randomUUID();
    const userId = people[i % people.length]!;
    const at = new Date(start + Math.floor((i / count) * 365 * 86_400_000)).toISOString();
    const description = `Ticket ${i}: the ${WORDS[i % WORDS.length]} screen misbehaves after ${WORDS[(i * 7) % WORDS.length]}. ${'Steps to see it again. '.repeat(1 + (i % 5))}`;
    const component = TICKET_COMPONENTS[i % TICKET_COMPONENTS.length]!;
    ({ position } = await execute(ctx, ticketStream(ticketId), ticket, (state) => submitTicket(state, { ticketId, userId, component, description, now: at })));
    if (i % 10 === 0) {
      ({ position } = await execute(ctx, ticketStream(ticketId), ticket, (state) =>
        replyToTicket(state, { replyId: randomUUID(), authorId: staffId, byStaff: true, message: 'Thanks: we are looking into it.', now: at }),
      ));
    }
  }
  return position;
}

async function timed(app: BenchSystem, token: string, path: string): Promise<{ p50Ms: number; maxMs: number }> {
  const times: number[] = [];
  for (let n = 0; n < REQUESTS; n += 1) {
    const t0 = now();
    const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    times.push(now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: round(times[Math.floor(times.length / 2)]!, 1), maxMs: round(times.at(-1)!, 1) };
}

export async function measureTicketList(app: BenchSystem, count = 5_000): Promise<TicketListFigures> {
  const staff = await signUpVerifiedUser(app, `ticketstaff${Date.now()}@example.com`);
  const staffId = (decodeToken(staff.token) as { sub: string }).sub;
  await appendRoleGranted(app.system.events, staffId, ROLES.admin, 'bench');
  const { token } = staff;
  const t0 = now();
  const position = await seed(app, count, staffId);
  await app.system.projector.waitFor(position, 600_000);
  note(`tickets: ${count} tickets seeded and projected in ${round((now() - t0) / 1000, 1)} s`);
  // A connection kept from before the seeding may have been closed by the server meanwhile: one request to drop it.
  await fetch(`${app.url}/api/tickets`, { headers: { authorization: `Bearer ${token}` } }).then((res) => res.arrayBuffer(), () => undefined);
  // Page 20 (tickets 951–1000): the cursor the list gives out after following Older 19 times.
  let deep = '';
  for (let page = 1; page < 20; page += 1) {
    const res = await fetch(`${app.url}/api/tickets${deep ? `?cursor=${deep}` : ''}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    deep = res.headers.get('x-next-cursor') ?? '';
  }
  const asks: TicketListFigures['asks'] = [];
  for (const [name, path] of [
    ['first page', '/api/tickets'],
    ['status New', '/api/tickets?status=New'],
    ['component Chat', '/api/tickets?component=Chat'],
    ['search "weight"', '/api/tickets?q=weight'],
    ['search, no match', '/api/tickets?q=nothing%20like%20this'],
    ['page 20', `/api/tickets?cursor=${deep}`],
  ] as const) {
    asks.push({ name, ...(await timed(app, token, path)) });
  }
  return { tickets: count, asks, requests: REQUESTS };
}

/** The rows `npm run bench` prints for these figures. */
export function ticketListRows(f: TicketListFigures): [string, string, string][] {
  return f.asks.map(({ name, p50Ms, maxMs }, i): [string, string, string] => [
    i === 0 ? 'staff ticket list' : '',
    `GET /api/tickets, ${name}, ${f.tickets.toLocaleString('en-US')} tickets (p50 / max of ${f.requests})`,
    `${p50Ms} / ${maxMs} ms`,
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runBenchScript(async () => {
    const count = Number(process.argv[2] ?? 5_000);
    const app = await startBenchSystem();
    try {
      const figures = await measureTicketList(app, count);
      for (const row of ticketListRows(figures)) process.stdout.write(`${row.join('  ')}\n`);
      process.stdout.write(`${JSON.stringify({ ...figures, loadAverage: os.loadavg().map((l) => round(l, 2)) })}\n`);
    } finally {
      await app.stop();
    }
  });
}
