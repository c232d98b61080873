import { expect } from 'chai';
import { unzipSync } from 'fflate';
import http from 'node:http';
import { strongExport } from '../../scripts/support/strongExport.js';
import { eventLines } from '../../services/query/src/imports/export/export.js';
import { decodeToken, signUpSubscriber } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';
import { exportZip, hevyCsv, strongCsv, workoutsOf } from './wholeExports.js';

/** Sets in the big history: enough for several pages of the log and many chunks of every answer. */
const SETS = Number(process.env.EXPORT_TEST_SETS ?? 8_000);

describe('exports written piece by piece', () => {
  let server: TestServer;
  let ann: { token: string; userId: string };
  before(async function () {
    this.timeout(60_000);
    server = await startTestServer({ IMPORTS_MAX_PER_HOUR: '10' });
    const { token } = await signUpSubscriber(server, { timeZone: 'Europe/Berlin', units: 'kg' });
    ann = { token, userId: decodeToken(token).sub as string };
    for (const until of [2021, 2025]) {
      const res = await fetch(`${server.url}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body: strongExport(SETS / 2, until).text });
      expect(res.status, await res.text()).to.equal(201);
    }
  });
  after(async () => server.stop());

  const download = async (path: string, token = ann.token) => {
    const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
  };
  const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

  it('answers exactly what the whole-answer functions make of the same history', async () => {
    // Compressed as a browser asks for it, each wait for the socket leaves no listener behind on the zlib stream.
    const warnings: string[] = [];
    const warned = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', warned);
    const events = await server.system.events.readUser(ann.userId);
    const workouts = workoutsOf(events);
    expect(workouts.reduce((n, w) => n + w.sets.length, 0)).to.equal(SETS);
    let pages = 0;
    for await (const page of server.system.events.readUserPages(ann.userId, 200)) pages += page.length > 0 ? 1 : 0;
    expect(pages, 'pages of the log read by an export').to.be.at.least(3);
    const strong = await download('/api/export/workouts?format=strong');
    expect(strong.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    expect(text(strong.bytes)).to.equal(strongCsv(workouts, 'Europe/Berlin'));
    expect(strong.bytes.length, 'chunks of about 64 KB in the CSV').to.be.above(8 * 64 * 1024);
    expect(text((await download('/api/export/workouts?format=hevy')).bytes)).to.equal(hevyCsv(workouts, 'Europe/Berlin', 'kg'));
    const jsonl = await download('/api/export?format=jsonl');
    expect(jsonl.headers.get('content-type')).to.equal('application/x-ndjson; charset=utf-8');
    expect(text(jsonl.bytes)).to.equal(eventLines(events));
    const zip = await download('/api/export');
    expect(zip.headers.get('content-type')).to.equal('application/zip');
    const streamed = unzipSync(zip.bytes);
    const whole = unzipSync(exportZip(ann.userId, events));
    expect(Object.keys(streamed)).to.deep.equal(Object.keys(whole));
    for (const name of Object.keys(whole)) expect(Buffer.compare(streamed[name]!, whole[name]!), name).to.equal(0);
    expect(strong.headers.get('content-encoding'), 'the CSV went through the compression middleware').to.be.oneOf(['gzip', 'br']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning'))).to.deep.equal([]);
    process.off('warning', warned);
  });

  // How long the loop is held while an export is written is measured by `npm run bench` (scripts/bench/holds.ts);
  // here, that the answer is written as it is made rather than built whole first.
  it('streams a big history: sent in chunks as it is written, with no length known up front', async () => {
    for (const path of ['/api/export/workouts?format=strong', '/api/export', '/api/export?format=jsonl']) {
      const { status, headers } = await download(path);
      expect(status, path).to.equal(200);
      expect(headers.get('content-length'), `${path}: a whole answer would know its length`).to.equal(null);
      expect(headers.get('transfer-encoding'), path).to.equal('chunked');
    }
  });

  it('writes one export per person at a time: another meanwhile is a 429 with Retry-After; someone else is not held up', async () => {
    // An export whose reader takes nothing: it stays being written until the reader goes away.
    const first = http.get(`${server.url}/api/export?format=jsonl`, { headers: { authorization: `Bearer ${ann.token}` } });
    const answered = await new Promise<http.IncomingMessage>((resolve, reject) => first.on('response', resolve).on('error', reject));
    answered.pause();
    expect(answered.statusCode).to.equal(200);
    const second = await fetch(`${server.url}/api/export/workouts?format=strong`, { headers: { authorization: `Bearer ${ann.token}` } });
    expect(second.status).to.equal(429);
    expect(Number(second.headers.get('retry-after'))).to.be.above(0);
    expect(((await second.json()) as { message: string }).message).to.match(/export of your data is being written already/);
    const bob = await signUpSubscriber(server);
    expect((await download('/api/export?format=jsonl', bob.token)).status).to.equal(200);
    first.destroy();
    await until('the export cut short gives its place back', async () => (await download('/api/export/workouts?format=hevy')).status === 200);
  });
});
