import { builtInCoach } from '../../../domain/coach/index.js';
import type { Trainer } from '../../../domain/coach/types.js';

/** The coach that needs no key: pure, so it answers at once and the same way for the same question. */
export const builtInTrainer: Trainer = {
  kind: 'built-in',
  model: null,
  reply: async (request) => builtInCoach(request),
};
