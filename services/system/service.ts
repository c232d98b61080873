import type express from 'express';
import type { Config } from '../platform/config.js';
import { createLogger, type Logger } from '../platform/logger.js';

/** One of the three services as its own process: an HTTP app for command and query, none for the workers. */
export interface Service {
  app?: express.Express;
  log: Logger;
  /** One line saying what runs on what, for the start log. */
  describe: string;
  close(): Promise<void>;
}

export interface ServiceOptions {
  now?: () => Date;
  log?: Logger;
}

export const serviceLog = (service: string, config: Config, options: ServiceOptions): Logger =>
  options.log ?? createLogger(service, config.LOG_LEVEL);
