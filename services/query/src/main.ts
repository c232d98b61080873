import { runService } from '../../system/run.js';
import { startQueryService } from '../../system/query.js';

/** `npm run start:query`: the query service as its own process (see docker-compose.yml). */
await runService(startQueryService);
