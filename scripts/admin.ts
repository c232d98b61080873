import { openEventStore } from '../events/store/open.js';
import { ROLES } from '../contract/accounts/roles.js';
import { ConfigError, loadConfig } from '../services/platform/config.js';
import { grantRoleByEmail } from './grantRole.js';

const usage = 'usage: npm run admin -- grant <email>';

/** `npm run admin -- grant <email>`: makes an account staff (role 2). The API has no way to do this. */
async function main(argv: string[]) {
  const [command, email] = argv;
  if (command !== 'grant' || !email) {
    console.error(usage);
    process.exit(2);
  }
  const config = loadConfig();
  const events = await openEventStore({ eventStoreUrl: config.EVENTSTORE_URL, mongoUrl: config.MONGO_URL, mongoDb: config.MONGO_DB, sqliteFile: config.sqliteFile });
  try {
    const { userId, position } = await grantRoleByEmail(events, email, ROLES.admin, `cli:${process.env.USER ?? 'unknown'}`);
    console.log(`granted role ${ROLES.admin} (admin) to ${email} (user ${userId}) at position ${position}`);
  } finally {
    await events.close();
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `admin: ${(error as Error).message}`);
  process.exit(1);
});
