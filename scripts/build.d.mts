/**
 * Builds the services into `out` (dist/ by default; a folder inside the repo) and returns how many files it built and
 * copied.
 */
export function buildServer(out?: string): Promise<{ built: number; copied: number }>;
