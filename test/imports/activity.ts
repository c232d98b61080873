import type { TestServer } from '../support/server.js';
import { hevy, strongOld } from './files.js';

/** A subscriber's imports for the replay tests: one Strong export kept, one Hevy export imported and undone. */
export async function importActivity(server: TestServer, token: string): Promise<void> {
  const send = (name: string, file: string) => server.call('POST', `/api/imports?name=${name}`, { token, body: file, headers: { 'content-type': 'text/csv' } });
  const kept = await send('strong.csv', strongOld);
  if (kept.status !== 201) throw new Error(`import failed: ${kept.status} ${kept.text}`);
  const undone = await send('hevy.csv', hevy);
  if (undone.status !== 201) throw new Error(`import failed: ${undone.status} ${undone.text}`);
  const undo = await server.call('DELETE', `/api/imports/${undone.body.importId as string}`, { token });
  if (undo.status !== 200) throw new Error(`undo failed: ${undo.status} ${undo.text}`);
}
