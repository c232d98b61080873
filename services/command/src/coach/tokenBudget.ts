import { isWithinTokenLimit } from 'gpt-tokenizer';
import { nextTurn } from '../../../platform/turns.js';
import type { ChatInput } from './input.js';

// Text that looks like a special token ("<|endoftext|>") is counted as the plain text it is, not refused.
const asPlainText = { disallowedSpecial: new Set<string>() };

/**
 * The longest token of the vocabulary, in characters (a run of 128 spaces; test/chat/tokenCount.unit.spec.ts reads
 * the vocabulary to check it). No text of more than `budget × LONGEST_TOKEN` characters can fit a budget, so such a
 * text is refused without counting.
 */
export const LONGEST_TOKEN = 128;

/**
 * The tokenizer merges each run of letters (or of spaces, or of marks) as one piece, in time that grows with the square
 * of its length, so one long unbroken run would hold the event loop for seconds. Text is counted in pieces of at most
 * PIECE characters, cut at a word's start (where the tokenizer starts a piece anyway, so ordinary text counts exactly
 * as a whole) or, in a run with no word's start, anywhere in it (a bound close enough for a budget).
 */
const PIECE = 2 * LONGEST_TOKEN; // a whole number of the longest tokens, so a long run of spaces counts as it would whole

/** Counting gives the event loop back after this long, so other requests are answered while a long text is counted. */
const SLICE_MS = 2;

const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);

/** `text` in pieces of at most PIECE characters, cut where the tokenizer would cut if possible. */
export function* piecesOf(text: string): Generator<string> {
  let start = 0;
  while (text.length - start > PIECE) {
    let cut = start + PIECE;
    // A space between two non-spaces starts the next word's piece (" word"): cutting before it changes nothing.
    while (cut > start && !(text[cut] === ' ' && !isSpace(text[cut - 1]) && !isSpace(text[cut + 1]))) cut -= 1;
    if (cut === start) {
      cut = start + PIECE;
      // Never between the two halves of a character outside the BMP (an emoji).
      const code = text.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    }
    yield text.slice(start, cut);
    start = cut;
  }
  yield text.slice(start);
}

/**
 * What a chat request's body may weigh for each token of the budget: real text is a token for every 3 to 5
 * characters (one to four bytes each), so 12 bytes a token leaves room for any language and the JSON around it, while
 * a body past it cannot be a question within the budget (its text would need more than 12 bytes per token, as only
 * runs of one letter or of spaces do). Such a body is refused from its Content-Length, before it is read: reading,
 * decoding and parsing it would hold the event loop for work that can only end in a refusal.
 */
const BODY_BYTES_PER_TOKEN = 12;

/** The body limit of POST /api/chat for a budget of `budget` tokens, in bytes. */
export const chatBodyLimit = (budget: number) => budget * BODY_BYTES_PER_TOKEN;

/**
 * Counts the tokens of what the user sends (the history, then the message): null past the budget. Refused by length
 * first, then counted piece by piece, stopping at the budget, so the work is linear in the length; it pauses (yields)
 * after each piece so a caller may give the event loop back.
 */
function* counting({ message, recentHistory }: Pick<ChatInput, 'message' | 'recentHistory'>, budget: number): Generator<void, number | null> {
  const texts = [...recentHistory.map((turn) => turn.content), message];
  if (texts.reduce((sum, text) => sum + text.length, 0) > budget * LONGEST_TOKEN) return null;
  let total = 0;
  for (const text of texts) {
    for (const piece of piecesOf(text)) {
      const tokens = isWithinTokenLimit(piece, budget - total, asPlainText);
      if (tokens === false) return null;
      total += tokens;
      yield;
    }
  }
  return total;
}

/** The tokens of what the user sends, or null past the budget, counted at once (for generated history). */
export function inputTokens(input: Pick<ChatInput, 'message' | 'recentHistory'>, budget: number): number | null {
  const count = counting(input, budget);
  for (;;) {
    const step = count.next();
    if (step.done) return step.value;
  }
}

/** The same count for a request: the event loop is given back every few milliseconds, so others are answered meanwhile. */
export async function inputTokensInTurns(input: Pick<ChatInput, 'message' | 'recentHistory'>, budget: number): Promise<number | null> {
  const count = counting(input, budget);
  let sliceStarted = performance.now();
  for (;;) {
    const step = count.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStarted > SLICE_MS) {
      await nextTurn();
      sliceStarted = performance.now();
    }
  }
}
