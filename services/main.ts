import type { Server } from 'node:http';
import { ConfigError, loadConfig } from './platform/config.js';
import { startSystem } from './system.js';

/** `npm start`: the whole app in one process (see README for the production services). */
async function main() {
  const config = loadConfig();
  const system = await startSystem(config);
  const server: Server = system.app.listen(config.PORT, () => {
    system.log.info(
      `trainer listening on http://localhost:${config.PORT} (log: ${system.events.kind}, read models: ${system.readModels.kind}, jobs: ${system.queue.kind}, data: ${config.dataDir})`,
    );
  });
  const shutdown = async () => {
    server.close();
    await system.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
