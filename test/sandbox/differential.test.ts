import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DIFFERENCES, type Part } from '../../server/sandbox/differences';
import { sampled } from '../helpers/shard';
import { useJudge } from './harness';

/**
 * The sandbox builds a Node-like world by hand; this test proves it behaves like Node. Every
 * program of the corpus (test/fixtures/differential/) is compiled once by the judge's compiler and
 * run twice on the same input: in the judge's sandbox, and by real `node` (this Node, as a child
 * process, the same compiled JavaScript as a CommonJS file, stdin piped). Standard output, the
 * first line of standard error and the exit code must agree, except where the one allow-list
 * (server/sandbox/differences.ts) says otherwise; a listed difference that has gone must leave the
 * list too.
 */
const DIR = path.resolve('test/fixtures/differential');
const PROGRAMS = readdirSync(DIR).filter((f) => f.endsWith('.ts')).sort();

/**
 * A program's input: a sibling `.in` file, or `// stdin: "<JSON string>"` header lines (joined),
 * optionally repeated by `// stdin-repeat: N` for large inputs.
 */
function inputOf(file: string, source: string): string {
  const sibling = path.join(DIR, file.replace(/\.ts$/, '.in'));
  if (existsSync(sibling)) return readFileSync(sibling, 'utf8');
  let text = '';
  let repeat = 1;
  for (const line of source.split('\n')) {
    const m = /^\/\/ stdin: (.*)$/.exec(line);
    if (m) text += JSON.parse(m[1]!) as string;
    const r = /^\/\/ stdin-repeat: (\d+)$/.exec(line);
    if (r) repeat = Number(r[1]);
  }
  return text.repeat(repeat);
}

interface Outcome {
  stdout: string;
  stderr: string;
  exit: number | null;
}

/**
 * Stack frames name different files on the two sides (the sandbox maps them to solution.ts lines
 * on purpose), so frame lines are dropped from both before comparing; as util.inspect does, an
 * error's property block opens at the end of its last frame, so that ` {` is kept.
 */
function withoutFrames(text: string): string {
  const kept: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\s+at .+/.test(line) || /^\s+\.\.\. \d+ lines matching cause stack trace \.\.\.( \{)?$/.test(line)) {
      if (line.endsWith(' {') && kept.length > 0 && !kept[kept.length - 1]!.endsWith(' {')) kept[kept.length - 1] += ' {';
      continue;
    }
    kept.push(line);
  }
  return kept.join('\n');
}

/**
 * The first line of standard error that says something: Node opens an uncaught error's report
 * with the file, the source line and a caret, which the sandbox (that has no source file to
 * show) leaves out.
 */
function firstLine(stderr: string): string {
  let lines = stderr.split('\n');
  if (lines[0] === '' && lines.length > 1) lines = lines.slice(1);
  const caret = lines.findIndex((l) => /^\s*\^+\s*$/.test(l));
  if (/^(\/|node:).*:\d+$/.test(lines[0] ?? '') && caret > 0) {
    lines = lines.slice(caret + 1);
    if (lines[0] === '') lines = lines.slice(1);
  }
  // Whether an error's property block follows is told by lines past the first.
  return (lines[0] ?? '').replace(/ \{$/, '');
}

function normalize(o: Outcome): Outcome {
  return { stdout: withoutFrames(o.stdout), stderr: firstLine(withoutFrames(o.stderr)), exit: o.exit };
}

const work = mkdtempSync(path.join(tmpdir(), 'sg-differential-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * Real Node on the compiled program. The compiler wraps a program in an async function (for
 * top-level await); a throw from its body is handed back to Node as the uncaught exception a plain
 * CommonJS file would raise, which is what the sandbox reports too.
 */
function runNode(name: string, js: string, input: string): Promise<Outcome> {
  const file = path.join(work, `${name}.cjs`);
  const inputFile = path.join(work, `${name}.in`);
  writeFileSync(file, `${js}.call(module.exports, module.exports, require, module, __filename, __dirname).then(undefined, (e) => process.nextTick(() => { throw e; }));\n`);
  writeFileSync(inputFile, input);
  // Real pipes on both sides, as `cat input | node solution.js | cat` gives: Node's own
  // child-process stdio are sockets, on which opening /dev/stdin or /dev/stdout fails.
  const errFile = path.join(work, `${name}.err`);
  return new Promise((resolve, reject) => {
    const script = 'cat "$1" | "$2" "$3" 2>"$4" | cat; exit "${PIPESTATUS[1]}"';
    const child = spawn('/bin/bash', ['-c', script, 'bash', inputFile, process.execPath, file, errFile], { cwd: work, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'inherit'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr: readFileSync(errFile, 'utf8'), exit: code }));
  });
}

describe('the sandbox behaves like plain Node', () => {
  const judge = useJudge();

  it('has a corpus of at least 60 programs, and an allow-list naming only corpus programs', () => {
    expect(PROGRAMS.length).toBeGreaterThanOrEqual(60);
    for (const d of DIFFERENCES) expect(PROGRAMS, `differences.ts lists ${d.program}, which is not in the corpus`).toContain(d.program);
    expect(new Set(DIFFERENCES.map((d) => d.program)).size).toBe(DIFFERENCES.length);
  });

  it.each(sampled(PROGRAMS))('%s', async (file) => {
    const source = readFileSync(path.join(DIR, file), 'utf8');
    const input = inputOf(file, source);
    const compiled = await judge.compiler.compile(source);
    if (!compiled.ok) throw new Error(`${file} does not compile:\n${compiled.diagnostics}`);
    await judge.sandbox.load(compiled.js, { timeMs: 10_000, memoryMb: 256, outputBytes: 64 * 1024 * 1024 });
    const r = await judge.sandbox.run(input);
    expect(['ok', 're'], `${file} in the sandbox: ${r.status} ${r.message}`).toContain(r.status);
    const sandbox = normalize({ stdout: r.stdout, stderr: r.stderr, exit: r.exitCode });
    const node = normalize(await runNode(file.replace(/\.ts$/, ''), compiled.js, input));

    const differing: Part[] = [];
    if (sandbox.stdout !== node.stdout) differing.push('stdout');
    if (sandbox.stderr !== node.stderr) differing.push('stderr');
    if (sandbox.exit !== node.exit) differing.push('exit');
    const listed = DIFFERENCES.find((d) => d.program === file);
    const detail = `\n--- sandbox ---\n${JSON.stringify(sandbox, null, 1)}\n--- node ---\n${JSON.stringify(node, null, 1)}`;
    if (!listed) {
      expect(differing, `${file} differs from plain Node and differences.ts does not list it${detail}`).toEqual([]);
    } else {
      expect(differing, `differences.ts lists ${file} as differing in ${listed.parts.join(', ')}; it differs in [${differing.join(', ')}]${detail}`).toEqual(listed.parts);
    }
  });
});
