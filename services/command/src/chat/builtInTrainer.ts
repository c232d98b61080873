import { builtInCoach } from '../../../coach/index.js';
import type { Trainer } from '../../../coach/types.js';

/** The coach that needs no key: pure, so it answers at once and the same way for the same question. */
export const builtInTrainer: Trainer = {
  kind: 'built-in',
  model: null,
  reply: async (request) => builtInCoach(request),
};
