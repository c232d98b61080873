import { startSystem } from './system.js';
import { runService } from './system/run.js';

/** `npm start`: the whole app in one process (see README for the production services). */
await runService(async (config) => {
  const system = await startSystem(config);
  return {
    app: system.app,
    log: system.log,
    describe: `trainer (log: ${system.events.kind}, read models: ${system.readModels.kind}, jobs: ${system.queue.kind}, data: ${config.dataDir})`,
    close: () => system.close(),
  };
});
