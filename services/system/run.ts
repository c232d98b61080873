import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig, type Config } from '../platform/config.js';
import type { Service } from './service.js';

/**
 * The `main` of `npm start` and of each separate service: parse the environment, start, listen on PORT when the
 * service has HTTP, say so in one line, and on SIGINT/SIGTERM stop taking requests, then close (leases released,
 * workers drained). A wrong setting stops the start with its one line and exit code 2, any other failure with 1.
 */
export async function runService(start: (config: Config) => Promise<Service>): Promise<void> {
  try {
    const config = loadConfig();
    const service = await start(config);
    let server: Server | undefined;
    if (service.app) {
      const listening = service.app.listen(config.PORT, () => {
        // The port actually bound: PORT=0 picks a free one (the tests start services that way).
        const { port } = listening.address() as AddressInfo;
        service.log.info(`${service.describe} listening on port ${port} (http://localhost:${port})`);
      });
      server = listening;
      server.on('error', (error) => {
        service.log.error(`cannot listen on port ${config.PORT}`, error);
        process.exit(1);
      });
    } else service.log.info(`${service.describe} started`);
    const shutdown = async (signal: string) => {
      service.log.info(`${signal}: shutting down`);
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      try {
        await service.close();
        process.exit(0);
      } catch (error) {
        service.log.error('could not close cleanly', error);
        process.exit(1);
      }
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  }
}
