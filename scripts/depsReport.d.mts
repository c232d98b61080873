/** The capability a module belongs to ('command/training', 'domain/coach', 'web/progress'), or undefined. */
export function capabilityOf(source: string): string | undefined;
/** Each cycle among capabilities, with one import for each edge of it. */
export function capabilityCycles(modules: { source: string; dependencies?: { resolved: string }[] }[]): { members: string[]; imports: string[] }[];
declare const report: (result: unknown) => { output: string; exitCode: number };
export default report;
