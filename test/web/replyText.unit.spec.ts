import { expect } from 'chai';
import { blocksOf, runsOf } from '../../web/src/features/coach/replyText.js';

describe('a trainer reply laid out in blocks', () => {
  it('parts paragraphs at blank lines and keeps a paragraph’s own line breaks', () => {
    expect(blocksOf('Hi Sam!\nYour goal is to lose weight.\n\nPress Save.')).to.deep.equal([
      { kind: 'paragraph', lines: ['Hi Sam!', 'Your goal is to lose weight.'] },
      { kind: 'paragraph', lines: ['Press Save.'] },
    ]);
  });

  it('reads "- " lines as a list and "1. " lines as a numbered one, right after a paragraph line too', () => {
    const reply = 'Warm up for 5–10 minutes before every session:\n- 5 minutes of easy cardio.\n- One light set.\n\n1. Squat\n2) Row\nThat is all.';
    expect(blocksOf(reply)).to.deep.equal([
      { kind: 'paragraph', lines: ['Warm up for 5–10 minutes before every session:'] },
      { kind: 'bullets', items: ['5 minutes of easy cardio.', 'One light set.'] },
      { kind: 'numbered', items: ['Squat', 'Row'] },
      { kind: 'paragraph', lines: ['That is all.'] },
    ]);
  });

  it('leaves a minus that starts no item as text ("-465 kcal", "2–3 days")', () => {
    expect(blocksOf('-465 kcal a day\n2–3 days')).to.deep.equal([{ kind: 'paragraph', lines: ['-465 kcal a day', '2–3 days'] }]);
  });

  it('makes **paired** runs bold and leaves a lone ** as typed', () => {
    expect(runsOf('Target: **1,390 kcal** a day')).to.deep.equal([
      { bold: false, text: 'Target: ' },
      { bold: true, text: '1,390 kcal' },
      { bold: false, text: ' a day' },
    ]);
    expect(runsOf('2 ** 3 is 8')).to.deep.equal([{ bold: false, text: '2 ** 3 is 8' }]);
  });
});
