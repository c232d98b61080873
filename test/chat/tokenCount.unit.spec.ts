import { expect } from 'chai';
import { countTokens, decode, vocabularySize } from 'gpt-tokenizer';
import { helpReply } from '../../services/domain/coach/answers.js';
import { inputTokens, LONGEST_TOKEN, piecesOf } from '../../services/command/src/coach/tokenBudget.js';

describe('chat: counting input tokens in pieces (issue 18.1)', () => {
  it('LONGEST_TOKEN is the longest token of the vocabulary, so no longer text fits budget × LONGEST_TOKEN', () => {
    let longest = 0;
    for (let id = 0; id < vocabularySize; id += 1) {
      try {
        longest = Math.max(longest, decode([id]).length);
      } catch {
        // An id the vocabulary leaves unused.
      }
    }
    expect(LONGEST_TOKEN).to.equal(longest);
  });

  it('ordinary text counts exactly as when counted whole', () => {
    const text = Array.from({ length: 30 }, () => helpReply().message).join('\n\n');
    expect([...piecesOf(text)].join('')).to.equal(text);
    expect(inputTokens({ message: text, recentHistory: [] }, 1_000_000)).to.equal(countTokens(text));
  });

  it('pieces are never longer than 256 characters and never split a character outside the BMP', () => {
    for (const text of ['a'.repeat(10_000), '😀'.repeat(3_000), 'x' + '😀'.repeat(3_000), ' '.repeat(5_000), 'word '.repeat(2_000)]) {
      const pieces = [...piecesOf(text)];
      expect(pieces.join('')).to.equal(text);
      for (const piece of pieces) {
        expect(piece.length).to.be.at.most(256);
        expect(piece).not.to.match(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
      }
    }
  });

  it('past the budget by length alone: null without counting; at the budget: counted', () => {
    expect(inputTokens({ message: ' '.repeat(4000 * LONGEST_TOKEN + 1), recentHistory: [] }, 4000)).to.equal(null);
    expect(inputTokens({ message: 'a' + ' a'.repeat(39), recentHistory: [] }, 40)).to.equal(40);
    expect(inputTokens({ message: 'a' + ' a'.repeat(40), recentHistory: [] }, 40)).to.equal(null);
  });
});
