/** `--name value` pairs of a CLI; a flag not in `known` or without a value stops the command with a usage line. */
export function parseArgs(argv: string[], known: readonly string[], usage: string): Record<string, string> {
  const args: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]!.replace(/^--/, '');
    const value = argv[i + 1];
    if (!argv[i]!.startsWith('--') || !known.includes(name) || value === undefined) throw new UsageError(usage);
    args[name] = value;
  }
  return args;
}

export class UsageError extends Error {}

export function positiveInt(args: Record<string, string>, name: string, fallback: number, usage: string): number {
  const raw = args[name];
  if (raw === undefined) return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new UsageError(`--${name} must be a whole number above 0\n${usage}`);
  return Number(raw);
}
