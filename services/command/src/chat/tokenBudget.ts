import { isWithinTokenLimit } from 'gpt-tokenizer';
import type { ChatInput } from './input.js';

// Text that looks like a special token ("<|endoftext|>") is counted as the plain text it is, not refused.
const asPlainText = { disallowedSpecial: new Set<string>() };

/**
 * The tokens of what the user sends (the message and the recent history), or null past the budget. Counting stops
 * at the budget, so an oversized message costs no more to refuse than a fitting one.
 */
export function inputTokens({ message, recentHistory }: Pick<ChatInput, 'message' | 'recentHistory'>, budget: number): number | null {
  let total = 0;
  for (const text of [...recentHistory.map((turn) => turn.content), message]) {
    const tokens = isWithinTokenLimit(text, budget - total, asPlainText);
    if (tokens === false) return null;
    total += tokens;
  }
  return total;
}
