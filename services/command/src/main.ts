import { runService } from '../../system/run.js';
import { startCommandService } from '../../system/command.js';

/** `npm run start:command`: the command service as its own process (see docker-compose.yml). */
await runService(startCommandService);
