import { SingleBar, Presets } from 'cli-progress';
import { SqliteEventStore } from '../events/store/sqlite.js';
import { ConfigError, loadConfig } from '../services/platform/config.js';
import { parseArgs, positiveInt, UsageError } from './args.js';
import { productionHistory } from './bench/fixtures.js';

const USAGE = 'usage: npm run generate -- [--users N] [--days D] [--seed S] [--start YYYY-MM-DD] [--data-dir DIR]';

/**
 * `npm run generate`: writes a realistic log (people signing up, subscribing, training, eating, chatting,
 * cancelling) into DATA_DIR's SQLite file, one append per command as the API makes them. Refuses a log that
 * already holds events, so it never mixes with real data.
 */
async function main() {
  const args = parseArgs(process.argv.slice(2), ['users', 'days', 'seed', 'start', 'data-dir'], USAGE);
  const users = positiveInt(args, 'users', 1000, USAGE);
  const days = positiveInt(args, 'days', 365, USAGE);
  const seed = positiveInt(args, 'seed', 42, USAGE);
  if (args.start !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(args.start)) throw new UsageError(`--start must be YYYY-MM-DD\n${USAGE}`);
  // Without --start the history ends today, so the app and /analytics show it as recent, as production's would be
  // (the bench keeps a fixed start, so its runs compare).
  const start = args.start ? Date.parse(`${args.start}T00:00:00Z`) : Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) - days * 86_400_000;
  if (Number.isNaN(start)) throw new UsageError(`--start is not a date\n${USAGE}`);
  const config = loadConfig(args['data-dir'] ? { ...process.env, DATA_DIR: args['data-dir'] } : process.env);
  const store = new SqliteEventStore(config.sqliteFile);
  try {
    const head = await store.headPosition();
    if (head > 0) throw new UsageError(`${config.sqliteFile} already holds ${head} events; point --data-dir (or DATA_DIR) at an empty directory`);
    console.error(`generating ${users} users over ${days} days…`);
    const history = productionHistory({ users, days, seed, start });
    const bar = new SingleBar({ format: 'writing [{bar}] {percentage}% | {value}/{total} appends | {eta_formatted} left', hideCursor: true }, Presets.shades_classic);
    bar.start(history.appends.length, 0);
    // A thousand appends per transaction: each is still checked as the API's are, the file is written far faster.
    for (let i = 0; i < history.appends.length; i += 1000) {
      store.importAppends(history.appends.slice(i, i + 1000));
      bar.update(i);
    }
    bar.update(history.appends.length);
    bar.stop();
    console.log(`wrote ${history.events} events (${history.appends.length} appends, ${history.users} users) to ${config.sqliteFile}`);
  } finally {
    await store.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof UsageError ? error.message : error);
  process.exit(1);
});
