// `npm test`: the static checks and every spec file, at once.
//
// The test files spend much of their time waiting (on HTTP, Chromium, timers and Redis), so the static checks
// (typecheck, dependency rules, lint) run beside them rather than before, and their output is printed once mocha is
// done. They run ahead of the files: at a lower priority than the files they waited for them and then ran alone at
// the end, on one core (tsc and ESLint are single-threaded), while the other stood idle. Any failure fails the whole.
//
// mocha hands files to its workers in the order it is given them, and by default that order is alphabetical, so
// the longest browser journeys started last and the run ended with one worker busy and two idle. Given the files
// longest first (the weights in test/durations.json, measured with --record), the short ones fill in at the end.
// A file not in the list yet weighs what files of its kind (e2e, int, unit) weigh on average.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const durationsFile = path.join(root, 'test/durations.json');

function specFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'artifacts' ? [] : specFiles(full);
    return entry.name.endsWith('.spec.ts') ? [path.relative(root, full)] : [];
  });
}

const kindOf = (file) => (file.endsWith('.e2e.spec.ts') ? 'e2e' : file.endsWith('.int.spec.ts') ? 'int' : 'unit');

/** The files, longest first by their recorded seconds; an unrecorded one at its kind's mean. */
function longestFirst(files, seconds) {
  const byKind = {};
  for (const [file, s] of Object.entries(seconds)) (byKind[kindOf(file)] ??= []).push(s);
  const mean = (kind) => {
    const list = byKind[kind] ?? [];
    return list.length ? list.reduce((a, b) => a + b, 0) / list.length : 0;
  };
  const weight = (file) => seconds[file] ?? mean(kindOf(file));
  return [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
}

/**
 * Three test files at a time per core, four to sixteen in all: a file spends much of its time waiting (on HTTP
 * answers, Chromium, Redis, timers), so at fewer per core the run is as long as its files' waits laid end to end;
 * at more, on slower cores the suite keeps them all busy and each file, with the servers and browsers it starts,
 * gets so small a share that the longest journeys outlast their timeouts.
 */
const JOBS = Math.min(16, Math.max(4, os.availableParallelism() * 3));

const record = process.argv.includes('--record');
// Paths given after the flags narrow the run to the spec files under them (`npm test -- test/records`).
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const seconds = fs.existsSync(durationsFile) ? JSON.parse(fs.readFileSync(durationsFile, 'utf8')) : {};
const files = longestFirst(specFiles(path.join(root, 'test')).filter((file) => only.length === 0 || only.some((prefix) => file.startsWith(path.normalize(prefix)))), seconds);
const assertions = path.join(root, 'node_modules/.cache/test-assertions.tsv');
fs.mkdirSync(path.dirname(assertions), { recursive: true });
fs.rmSync(assertions, { force: true });

const args = [
  path.join(root, 'node_modules/mocha/bin/mocha.js'),
  '--parallel', '--jobs', process.env.TEST_JOBS ?? String(JOBS), '--timeout', '60000',
  '--require', 'test/support/buildWeb.ts',
  '--require', 'scripts/test/countAssertions.ts',
  ...files,
];

/** The npm scripts `npm test` checks beside mocha, one after another, the longest first. */
const CHECKS = ['lint', 'typecheck', 'check:deps'];

function runChecks() {
  return CHECKS.reduce(
    (previous, script) =>
      previous.then(async (results) => {
        const started = performance.now();
        const check = spawn('npm', ['run', '--silent', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        check.stdout.on('data', (chunk) => (output += chunk));
        check.stderr.on('data', (chunk) => (output += chunk));
        const code = await new Promise((resolve) => check.on('close', (exitCode) => resolve(exitCode ?? 1)));
        return [...results, { script, code, output, seconds: (performance.now() - started) / 1000 }];
      }),
    Promise.resolve([]),
  );
}

const checks = runChecks();
const mocha = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_ASSERTIONS_FILE: assertions } });
// The files wait more than they compute, and take the same time with the cores shared (a run beside other work
// lasted as long as one on an idle machine), while the checks compute the whole time: the files run at the lowest
// priority (their workers and browsers inherit it), so a check takes a core when it needs one and is done before them.
try {
  os.setPriority(mocha.pid, 19);
} catch {
  // A system that refuses leaves the files at the checks' priority, as before.
}
const mochaExit = new Promise((resolve) => mocha.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1))));
const [results, mochaCode] = await Promise.all([checks, mochaExit]);
console.log('');
for (const { script, code, output, seconds } of results) {
  console.log(`npm run ${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s`);
  if (code !== 0) console.log(output);
}
// Each spec file's row: file, assertions executed, their sites, its wall time in ms (scripts/test/countAssertions.ts).
const rows = fs.existsSync(assertions) ? fs.readFileSync(assertions, 'utf8').trim().split('\n').map((line) => line.split('\t')) : [];
if (rows.length > 0) {
  const sites = new Set(rows.flatMap(([, , list]) => (list ? list.split(' ') : [])));
  const executed = rows.reduce((sum, [, count]) => sum + Number(count), 0);
  console.log(`assertions: ${executed} executed at ${sites.size} distinct sites, in ${rows.length} spec files`);
}
if (record && mochaCode === 0) {
  // A narrowed run (`npm run test:record -- test/food`) updates its own files' times and keeps the others'.
  const measured = { ...(only.length > 0 ? seconds : {}), ...Object.fromEntries(rows.map(([file, , , ms]) => [path.relative(root, file), Math.round(Number(ms) / 100) / 10])) };
  fs.writeFileSync(durationsFile, JSON.stringify(Object.fromEntries(Object.entries(measured).sort(([a], [b]) => a.localeCompare(b))), null, 2) + '\n');
  console.log(`test/durations.json: ${Object.keys(measured).length} files recorded`);
}
process.exit(mochaCode === 0 && results.every((result) => result.code === 0) ? 0 : 1);
