import { buildWebForRun } from '../../scripts/support/webBuild.js';

/**
 * Mocha global setup for the parallel run (`npm test`): it runs once in the main process before any worker starts,
 * so web/dist is built at most once and the e2e files in the workers only check that it is fresh.
 */
export function mochaGlobalSetup(): void {
  buildWebForRun();
}
