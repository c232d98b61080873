/**
 * A trainer's reply in the blocks it is written in: a blank line parts paragraphs; lines starting "- " (or "* ",
 * "• ") are items of a list, lines starting "1. " items of a numbered one; `**text**` is bold. Both the built-in
 * coach and a language model write their replies so. Nothing else is read as markup, and the text is never HTML.
 */
export type Block = { kind: 'paragraph'; lines: string[] } | { kind: 'bullets' | 'numbered'; items: string[] };

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,2}[.)]\s+(.*)$/;

export function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let open: Block | undefined;
  for (const line of text.split('\n')) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (line.trim() === '') {
      open = undefined;
    } else if (bullet || numbered) {
      const kind = bullet ? 'bullets' : 'numbered';
      if (open?.kind !== kind) blocks.push((open = { kind, items: [] }));
      (open).items.push((bullet ?? numbered)![1]!);
    } else if (open?.kind === 'paragraph') {
      open.lines.push(line);
    } else {
      blocks.push((open = { kind: 'paragraph', lines: [line] }));
    }
  }
  return blocks;
}

/** A line as plain and bold runs: `**` pairs mark bold; an unpaired `**` stays as typed. */
export function runsOf(line: string): Array<{ bold: boolean; text: string }> {
  return line
    .split(/\*\*(?=\S)(.+?)(?<=\S)\*\*/)
    .map((text, i) => ({ bold: i % 2 === 1, text }))
    .filter((run) => run.text !== '');
}
