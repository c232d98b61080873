import type { Trainer } from '../../../domain/coach/types.js';
import type { Config } from '../../../platform/config.js';
import { builtInTrainer } from './builtInTrainer.js';
import { openAiTrainer } from './openAiTrainer.js';

/** The OpenAI adapter when a key is configured (any OpenAI-compatible server), else the built-in coach. */
export const trainerFor = (config: Config): Trainer =>
  config.OPENAI_API_KEY
    ? openAiTrainer({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL, timeoutMs: config.OPENAI_TIMEOUT_MS })
    : builtInTrainer;
