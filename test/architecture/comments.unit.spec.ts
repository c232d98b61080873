import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { commentsOf, docPointersOf, scan, scanned } from './comments.js';

// Comments in product code state invariants and reasons in the present tense: the issue that asked for something
// belongs to its commit, and what it measured to cost to the bench's output. The same scanner is fed deliberate
// breaches (each must be named) and the look-alikes that are not breaches (none may be).

const repo = resolve(import.meta.dirname, '../..');
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: repo, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && existsSync(resolve(repo, file)));

describe('comments in product code', function () {
  it('cite no issue number and no timing figure', function () {
    this.timeout(60_000);
    const files = tracked.filter(scanned);
    expect(files.length).to.be.greaterThan(300);
    const found = files.flatMap((file) => scan(file, readFileSync(resolve(repo, file), 'utf8')));
    expect(found.map(({ file, line, kind, text }) => `${file}:${line} ${kind}: ${text}`)).to.deep.equal([]);
  });

  it('point only at documents that exist (tests included)', function () {
    this.timeout(60_000);
    const records = readdirSync(resolve(repo, 'docs/adr'));
    const exists = (path: string) =>
      /^docs\/adr\/\d{4}$/.test(path) ? records.some((name) => name.startsWith(`${path.slice('docs/adr/'.length)}-`)) : existsSync(resolve(repo, path));
    const dangling = tracked.flatMap((file) =>
      commentsOf(file, readFileSync(resolve(repo, file), 'utf8')).flatMap(({ line, text }) =>
        docPointersOf(text)
          .filter((path) => !exists(path))
          .map((path) => `${file}:${line} ${path}`),
      ),
    );
    expect(dangling).to.deep.equal([]);
    expect(docPointersOf('see docs/decisions.md, docs/product.md#what-the-app-keeps-and-answers and docs/adr/0094.')).to.deep.equal(['docs/decisions.md', 'docs/product.md', 'docs/adr/0094']);
    expect(exists('docs/decisions.md') || exists('docs/adr/0999')).to.equal(false);
  });

  it('holds every file but the tests and the documents', function () {
    expect(['events/user.ts', 'web/src/app/theme.css', '.ci/run', 'Dockerfile', 'scripts/bench/run.ts'].every(scanned)).to.equal(true);
    expect(['test/architecture/comments.ts', 'docs/adr/0145-x.md', 'README.md'].some(scanned)).to.equal(false);
  });

  describe('a deliberate breach is named by file, line and kind', function () {
    const breaches: [string, string, 'issue' | 'timing'][] = [
      ['a.ts', '// Kept apart (issue 12).', 'issue'],
      ['a.ts', '/** Fixed in #7. */', 'issue'],
      ['a.ts', '// See issues 8 and 10.', 'issue'],
      ['a.ts', '// Prints the issue-10 figures.', 'issue'],
      ['a.ts', '// The GET answers in 3.2 ms here.', 'timing'],
      ['a.ts', '// Frozen: ×1.4 faster on the rebuild.', 'timing'],
      ['a.ts', '// The cache made it 2x faster.', 'timing'],
      ['a.ts', '// The import of a big file took 40 s.', 'timing'],
      ['a.ts', '// Setting them is some 10 µs of a GET.', 'timing'],
      ['a.ts', '// Parsing a megabyte held the loop about 30 ms.', 'timing'],
      ['a.ts', '// Writing took longer (1.1 s against 0.75 s).', 'timing'],
      ['a.ts', '// It was some 6 % of a rebuild\'s CPU.', 'timing'],
      ['a.ts', '// p99 ~17 ms while plans are built.', 'timing'],
      ['a.tsx', 'const x = <div>{/* kept for a reload (issue 21) */}</div>;', 'issue'],
      ['a.css', '.x { color: red; } /* issue 4: the contrast */', 'issue'],
      ['a.html', '<!-- took 3 s before issue 25 -->', 'issue'],
      ['docker-compose.yml', 'x: 1 # issue 9', 'issue'],
      ['Dockerfile', '# build step took 40 s', 'timing'],
    ];
    for (const [file, line, kind] of breaches)
      it(`${file}: ${line}`, function () {
        const source = `const before = 1;\n${line}\n`;
        expect(scan(file, source).map((finding) => [finding.file, finding.line, finding.kind])).to.deep.include([file, 2, kind]);
      });
  });

  describe('what only looks like one is not', function () {
    const clean: [string, string][] = [
      ['a.css', '.x { color: #333; } /* #333 on #fff keeps AA; #1a1a2e for the bar */'],
      ['a.ts', "const quote = '&#39;'; // the entity &#39; and a fragment page.html#12"],
      ['a.ts', '// A token lives 7 days; idempotency keys are kept 24 hours.'],
      ['a.ts', '// Three attempts, 0.5 s then 1 s apart; the hero line turns every 2.2 s.'],
      ['a.ts', '// "3 × 12 at 100 lb", "3×12", "2×1": sets by reps.'],
      ['a.ts', '// At most 120 KB of gzipped JavaScript; a bystander within 3× its quiet p99.'],
      ['a.ts', '// Durations such as "99999999999999h" hold no end a Date can hold (0 minutes).'],
      ['a.ts', "const text = 'issue 12 took 40 s'; const re = /\\/\\/ issue 12/; const t = `// #12 ${text}`;"],
      ['a.ts', 'const half = total / 2; const rest = total / 3; // halves and thirds'],
      ['a.json', '{ "note": "issue 12" }'],
    ];
    for (const [file, line] of clean)
      it(`${file}: ${line}`, function () {
        expect(scan(file, `${line}\n`)).to.deep.equal([]);
      });
  });

  it('reads comments, not strings, templates or regular expressions', function () {
    const source = [
      "const url = 'https://example.com/a'; // first",
      'const re = /\\/*not a comment/g; /* second */',
      'const t = `a ${`b ${1 /* third */}`} // not one either`;',
      'const p = <p>{/* fourth */}</p>;',
    ].join('\n');
    expect(commentsOf('a.tsx', source).map(({ line, text }) => [line, text])).to.deep.equal([
      [1, '// first'],
      [2, '/* second */'],
      [3, '/* third */'],
      [4, '/* fourth */'],
    ]);
  });
});
