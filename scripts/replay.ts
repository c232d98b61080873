import { SingleBar, Presets } from 'cli-progress';
import { openEventStore } from '../events/store/open.js';
import { ConfigError, loadConfig } from '../services/platform/config.js';
import { Projector } from '../services/query/src/projector.js';
import { projections } from '../services/query/src/projections.js';
import { openReadModelStore } from '../services/query/src/store/open.js';

/**
 * `npm run replay`: drops every read model and rebuilds it from position 0 of the log. Run it with the query
 * side stopped (or expect it to catch up again afterwards from the rebuilt checkpoints).
 */
async function main() {
  const config = loadConfig();
  const { sqliteFile } = config;
  const events = await openEventStore({ eventStoreUrl: config.EVENTSTORE_URL, mongoUrl: config.MONGO_URL, mongoDb: config.MONGO_DB, sqliteFile });
  const readModels = await openReadModelStore({ mongoUrl: config.MONGO_URL, mongoDb: config.MONGO_DB, sqliteFile });
  const head = await events.headPosition();
  const bar = new SingleBar(
    { format: 'replay [{bar}] {percentage}% | position {value}/{total} | {eta_formatted} left', hideCursor: true },
    Presets.shades_classic,
  );
  const started = Date.now();
  bar.start(head, 0);
  await new Projector(events, readModels, projections).rebuild((position) => bar.update(position));
  bar.update(head);
  bar.stop();
  const seconds = (Date.now() - started) / 1000;
  console.log(`rebuilt ${projections.length} read models from ${head} events in ${seconds.toFixed(1)} s`);
  await readModels.close();
  await events.close();
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
