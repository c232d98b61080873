const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof levels;

export interface Logger {
  debug(message: string, extra?: unknown): void;
  info(message: string, extra?: unknown): void;
  warn(message: string, extra?: unknown): void;
  error(message: string, extra?: unknown): void;
}

/** One JSON line per entry on stderr, so logs of the three services read alike. */
export function createLogger(service: string, level: LogLevel = 'info'): Logger {
  const write = (at: LogLevel) => (message: string, extra?: unknown) => {
    if (levels[at] < levels[level]) return;
    const detail = extra instanceof Error ? { error: extra.message, stack: extra.stack } : extra === undefined ? {} : { extra };
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: at, service, message, ...detail })}\n`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
