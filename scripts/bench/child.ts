/** Entry of the bench's child processes: runs one task sent over IPC, answers with its result, exits. */
import type { ChildTask } from './common.js';

const tasks: Record<ChildTask, () => Promise<(input: never) => Promise<unknown>>> = {
  load: async () => (await import('./http.js')).runLoad,
  replay: async () => (await import('./replay.js')).rebuildAndMeasure,
  scan: async () => (await import('./replay.js')).scanAndMeasure,
  analytics: async () => (await import('./replay.js')).analyticsAndMeasure,
};

process.once('message', async (message: { task: ChildTask; input: unknown }) => {
  try {
    const run = await tasks[message.task]();
    const value = await run(message.input as never);
    process.send!({ ok: true, value }, () => process.exit(0));
  } catch (error) {
    process.send!({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, () => process.exit(1));
  }
});
// Parent gone: nothing left to answer to.
process.on('disconnect', () => process.exit(1));
