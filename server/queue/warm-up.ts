/**
 * A judge thread's warm-up before it says it is ready: one real solution of the judged kind is
 * compiled (the type checker parses and binds the library and @types/node declarations it uses,
 * about a second cold) and run on one input in the sandbox (the sandbox's worker and runtime get
 * their code compiled). Without it the first submission after start pays all of that.
 */
import type { Compiler } from '../compile/types';
import { DEFAULT_OUTPUT_LIMIT, type Sandbox } from '../sandbox/types';

/** A typical game solution: whole input through fs, line input through readline, the usual types. */
export const WARM_UP_SOURCE = `import * as fs from 'fs';
import * as readline from 'readline';

function mex(values: Iterable<number>): number {
  const seen = new Set<number>(values);
  let m = 0;
  while (seen.has(m)) m++;
  return m;
}

function solve(input: string): string {
  const data: number[] = input.split(/\\s+/).filter(Boolean).map(Number);
  let p = 0;
  const t = data[p++] ?? 0;
  const out: string[] = [];
  const grundy = new Map<number, number>();
  for (let c = 0; c < t; c++) {
    const n = data[p++]!;
    let x = 0;
    for (let i = 0; i < n; i++) {
      const pile = data[p++]!;
      if (!grundy.has(pile)) grundy.set(pile, mex([pile - 1, pile - 2].filter((v) => v >= 0).map((v) => grundy.get(v) ?? v)));
      x ^= pile;
    }
    out.push(x !== 0 ? 'Yes' : 'No');
  }
  return out.join('\\n') + '\\n';
}

if (process.argv.includes('--lines')) {
  const rl = readline.createInterface({ input: process.stdin });
  rl.on('line', (line: string) => console.log(line.trim()));
} else {
  process.stdout.write(solve(fs.readFileSync(0, 'utf8')));
}
`;

const INPUT = '2\n3\n1 2 3\n2\n4 1\n';
const EXPECTED = 'No\nYes\n';

/** Compiles and runs the warm-up program; throws when the compiler or the sandbox does not work. */
export async function warmUp(compiler: Compiler, sandbox: Sandbox): Promise<void> {
  const compiled = await compiler.compile(WARM_UP_SOURCE);
  if (!compiled.ok) throw new Error(`the warm-up program does not compile: ${compiled.diagnostics}`);
  await sandbox.load(compiled.js, { timeMs: 2000, memoryMb: 256, outputBytes: DEFAULT_OUTPUT_LIMIT });
  const run = await sandbox.run(INPUT);
  if (run.status !== 'ok' || run.stdout !== EXPECTED) throw new Error(`the warm-up program gave ${run.status}: ${run.message ?? run.stdout}`);
}
