import ts from 'typescript';

// What the comments of product code may not say: which issue asked for something, or what it measured to cost.
// A comment states an invariant or a reason in the present tense; the issue belongs to the commit, and a
// measurement to the bench's output and the commit that acted on it.

/** One line of a comment: the file's 1-based line number and the line's text. */
export interface CommentLine {
  line: number;
  text: string;
}

export interface Finding {
  file: string;
  line: number;
  kind: 'issue' | 'timing';
  text: string;
}

const scripts = ['.ts', '.tsx', '.js', '.mjs', '.cjs'];

const extensionOf = (file: string): string => /\.[^./]+$/.exec(file)?.[0] ?? '';

/** Files whose comments start with `#`: shell scripts, YAML, Dockerfiles, nginx, ignore files. */
const hashCommented = (file: string): boolean =>
  ['.yml', '.yaml', '.conf', '.sh', '.gitignore', '.dockerignore'].includes(extensionOf(file)) ||
  /(^|\/)(Dockerfile|run)$/.test(file);

/** Splits a comment that starts at `start` of `source` into its lines. */
function linesOf(source: string, start: number, text: string): CommentLine[] {
  const first = source.slice(0, start).split('\n').length;
  return text.split('\n').map((line, index) => ({ line: first + index, text: line }));
}

/** Tokens after which a `/` divides; after any other, it opens a regular expression. */
const endsAnOperand = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.Identifier,
  ts.SyntaxKind.PrivateIdentifier,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.BigIntLiteral,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.CloseParenToken,
  ts.SyntaxKind.CloseBracketToken,
  ts.SyntaxKind.CloseBraceToken,
  ts.SyntaxKind.PlusPlusToken,
  ts.SyntaxKind.MinusMinusToken,
  ts.SyntaxKind.ThisKeyword,
  ts.SyntaxKind.SuperKeyword,
  ts.SyntaxKind.TrueKeyword,
  ts.SyntaxKind.FalseKeyword,
  ts.SyntaxKind.NullKeyword,
  // `</p>` in JSX: a closing tag, never a regular expression.
  ts.SyntaxKind.LessThanToken,
]);

/**
 * Every comment of a TypeScript or JavaScript file, read by the compiler's scanner (a parse of every file costs
 * several times more and finds the same comments): strings, template literals and regular expressions are
 * tokens, not comments.
 */
function scriptComments(source: string, jsx: boolean): CommentLine[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, jsx ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard, source);
  const found: CommentLine[] = [];
  const braces: ('block' | 'template')[] = [];
  let previous = ts.SyntaxKind.Unknown;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) {
      found.push(...linesOf(source, scanner.getTokenStart(), scanner.getTokenText()));
      continue;
    }
    if (kind === ts.SyntaxKind.WhitespaceTrivia || kind === ts.SyntaxKind.NewLineTrivia) continue;
    if ((kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) && !endsAnOperand.has(previous))
      kind = scanner.reScanSlashToken();
    else if (kind === ts.SyntaxKind.OpenBraceToken) braces.push('block');
    else if (kind === ts.SyntaxKind.TemplateHead) braces.push('template');
    else if (kind === ts.SyntaxKind.CloseBraceToken && braces.pop() === 'template') {
      kind = scanner.reScanTemplateToken(false);
      if (kind === ts.SyntaxKind.TemplateMiddle) braces.push('template');
    }
    previous = kind;
  }
  return found;
}

/** Comments delimited by `open` and `close` (CSS block comments, HTML comments). */
function delimitedComments(source: string, open: string, close: string): CommentLine[] {
  const found: CommentLine[] = [];
  for (let start = source.indexOf(open); start !== -1; start = source.indexOf(open, start + open.length)) {
    const end = source.indexOf(close, start + open.length);
    const stop = end === -1 ? source.length : end + close.length;
    found.push(...linesOf(source, start, source.slice(start, stop)));
    start = stop - open.length;
  }
  return found;
}

/** The comments of a file of any kind the repo holds; a kind without comments (JSON, images) has none. */
export function commentsOf(file: string, source: string): CommentLine[] {
  if (scripts.includes(extensionOf(file))) return scriptComments(source, file.endsWith('x'));
  if (extensionOf(file) === '.css') return delimitedComments(source, '/*', '*/');
  if (extensionOf(file) === '.html' || extensionOf(file) === '.svg') return delimitedComments(source, '<!--', '-->');
  if (hashCommented(file))
    return source
      .split('\n')
      .map((text, index) => ({ line: index + 1, text }))
      .filter(({ text }) => /^\s*#/.test(text) || /\s#\s/.test(text));
  return [];
}

/**
 * An issue cited by number: "issue 12", "issues 8 and 10", "#12". A `#` that starts a CSS colour (#fff, #1a1a2e),
 * an HTML entity (&#39;) or a URL fragment (page.html#12) is not one; neither is a number of three, four, six or
 * eight digits all of which could be a colour's (#000, #333333), since issues here are cited by one or two digits.
 */
const issuePatterns = [/\bissues?[\s-]+#?\d+/i, /(?<![&\w/.#-])#\d{1,2}(?![\w-])/];

const timeUnit = String.raw`(?:ns|µs|μs|us|ms|s|secs?|seconds?|min|mins|minutes?|h|hrs?|hours?)`;

/**
 * A timing presented as a measurement: a figure with a time unit that reads as what something took or cost, or a
 * speed-up ratio. A figure with a time unit that is a rule (a token lives 7 days, retries 0.5 s apart, a hero line
 * every 2.2 s) is not a measurement, nor is a set written "3 × 12"; what marks a figure as measured is a unit finer
 * than a millisecond, an approximation beside it, a verb of measuring before it, a comparison with another figure,
 * or a ratio said to be faster or slower.
 */
const figure = String.raw`\d[\d.,]*\s?${timeUnit}\b`;
const timingPatterns = [
  // 11 µs, 400 ns, 3.2 ms: nothing waits for a rule this fine.
  /\b\d[\d.,]*\s?(?:ns|µs|μs|us)(?!\w)|\b\d+\.\d+\s?ms\b/,
  // ~15 ms, ≈ 40 s, about 3 ms, some 250 ms, around 2 minutes.
  new RegExp(String.raw`(?:[~≈]\s?|\b(?:about|some|around|roughly|nearly|almost|approximately)\s)${figure}`, 'i'),
  // took 40 s, takes longer (3 ms), cost 12 ms, spent 2 minutes, p99 of 80 ms, the median at 4 ms.
  new RegExp(
    String.raw`\b(?:took|takes|taking|cost|costs|costing|spent|spends|saved|saves|measured|lasted|p\d\d|median|mean)\b[^.;:]{0,24}?(?<![\w.,])${figure}`,
    'i',
  ),
  // 1.1 s against 0.75 s, from 9 ms to 3 ms, 120 ms → 40 ms: one figure weighed against another.
  new RegExp(String.raw`${figure}[^.;:\d]{0,12}?\b(?:against|versus|vs\.?|to)\s+${figure}|${figure}\s*(?:→|->)\s*${figure}`, 'i'),
  // ×1.4, 1.4×, 1.4x, 2x faster, 3 times slower: a speed-up ratio (a whole "3 ×" before a number is a set of reps).
  /×\s?\d+\.\d+|\b\d+\.\d+\s?[×x](?!\w)|\b\d+(?:\.\d+)?\s?(?:[×x]|times)\s+(?:faster|slower|quicker|as fast|as slow|the speed)\b/i,
  // 40 % faster, 12 % of a GET's CPU, 1% of the rebuild's time: a share of a measured cost.
  /\b\d+(?:\.\d+)?\s?%\s+(?:faster|slower|quicker|of\s[^.;:]{0,30}?\b(?:time|CPU|latency|wall|GET|request)s?\b)/i,
];

/** What is wrong with one line of a comment, if anything. */
export function findingsOf(text: string): Finding['kind'][] {
  const kinds: Finding['kind'][] = [];
  if (issuePatterns.some((pattern) => pattern.test(text))) kinds.push('issue');
  if (timingPatterns.some((pattern) => pattern.test(text))) kinds.push('timing');
  return kinds;
}

/**
 * The documents a comment line points at: `docs/….md` paths (an anchor after `#` is not part of the path) and
 * decision records by number alone (`docs/adr/0094`), as the repo-relative path or the number's prefix.
 */
export function docPointersOf(text: string): string[] {
  return [...text.matchAll(/\bdocs\/[\w./-]*\w/g)].map(([path]) => path).filter((path) => path.endsWith('.md') || /^docs\/adr\/\d{4}$/.test(path));
}

/** Every comment line of `file` that cites an issue or a timing. */
export function scan(file: string, source: string): Finding[] {
  return commentsOf(file, source).flatMap(({ line, text }) =>
    findingsOf(text).map((kind) => ({ file, line, kind, text: text.trim() })),
  );
}

/**
 * The files held to it: everything git tracks but the tests (whose comments may say what a breach looks like) and
 * the documents, prose rather than code. The figures the bench prints are strings, not comments.
 */
export const scanned = (file: string): boolean => !file.startsWith('test/') && !file.endsWith('.md');
