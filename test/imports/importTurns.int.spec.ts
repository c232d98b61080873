import { expect } from 'chai';
import { strongExport } from '../../scripts/support/strongExport.js';
import { signUpSubscriber } from '../support/accounts.js';
import { longestHold } from '../support/loopHold.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Rows of each big file: reading, planning and appending it, and reading the first file's workouts for overlap, would
 * each hold the loop for far longer than the bound below if done at once.
 */
const ROWS = Number(process.env.IMPORT_TEST_ROWS ?? 30_000);

describe('a big import gives up the event loop as it goes', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  it('never holds the loop long while it reads, plans and appends a big file, and a second one beside it', async function () {
    this.timeout(60_000);
    const { token } = await signUpSubscriber(server);
    const send = async (text: string) => {
      const res = await fetch(`${server.url}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body: text });
      expect(res.status, await res.text()).to.equal(201);
    };
    // The read side's folding of the batches is the projector's work, not the import's: only the import's share of
    // the loop is measured here.
    await server.system.projector.stop();
    const [first, second] = [strongExport(ROWS, 2021).text, strongExport(ROWS, 2025).text];
    // The second import reads the first's workouts for overlap, too.
    for (const text of [first, second]) {
      const { ms } = await longestHold(() => send(text));
      expect(ms, 'the longest the loop was held, ms of CPU').to.be.below(60);
    }
  });
});
