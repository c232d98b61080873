/** Entry of the bench's child processes: runs one task sent over IPC, answers with its result, exits. */
import type { ChildTask } from './common.js';

const tasks: Record<ChildTask, () => Promise<(input: never) => Promise<unknown>>> = {
  load: async () => (await import('./http.js')).runLoad,
  replay: async () => (await import('./replay.js')).rebuildAndMeasure,
  read: async () => (await import('./replay.js')).readAndMeasure,
  scan: async () => (await import('./replay.js')).scanAndMeasure,
  analytics: async () => (await import('./replay.js')).analyticsAndMeasure,
};

/** One task, then exit; with `stay`, the child waits for the next task (a `ChildRunner`'s, one at a time). */
process.on('message', (message: { task: ChildTask; input: unknown; stay?: boolean }) => void runTask(message));

async function runTask(message: { task: ChildTask; input: unknown; stay?: boolean }) {
  try {
    const run = await tasks[message.task]();
    const value = await run(message.input as never);
    process.send!({ ok: true, value }, () => message.stay || process.exit(0));
  } catch (error) {
    process.send!({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, () => message.stay || process.exit(1));
  }
}
// Parent gone: nothing left to answer to.
process.on('disconnect', () => process.exit(1));
