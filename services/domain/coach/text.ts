/** The replies, as plain text with short paragraphs and "- " bullets (the chat shows text). */
export const paragraphs = (...parts: Array<string | null | undefined | false>) => parts.filter(Boolean).join('\n\n');

/** "1 day", "3 days". */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
