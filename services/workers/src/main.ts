import { runService } from '../../system/run.js';
import { startWorkersService } from '../../system/workers.js';

/** `npm run start:workers`: the workers service as its own process (see docker-compose.yml). */
await runService(startWorkersService);
