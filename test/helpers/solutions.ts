import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server';

/** The nim fast reference turned into a full program: the canonical accepted submission. */
export function acceptedNim(): string {
  return `${readFileSync(join(ROOT, 'reference/nim/fast.ts'), 'utf8')}\nprocess.stdout.write(solve(require('fs').readFileSync(0, 'utf8')));\n`;
}

/**
 * The accepted nim, slowed by a fixed count of steps per game (4,000,000 each, not a clock): a
 * stress run of thousands of its games is minutes of CPU, so it is still going when a test acts on
 * it (cancels it, or makes it yield), however late a loaded machine lets the test process act.
 */
export function slowAcceptedNim(): string {
  const slow = acceptedNim().replace(
    "process.stdout.write(solve(require('fs').readFileSync(0, 'utf8')));",
    "const slowIn: string = require('fs').readFileSync(0, 'utf8'); const slowT = Number(slowIn.split(/\\s+/)[0]); let slowX = 0; for (let i = 0; i < slowT * 4_000_000; i++) slowX = (slowX * 31 + i) | 0; if (slowX === 7) console.error(''); process.stdout.write(solve(slowIn));",
  );
  if (slow === acceptedNim()) throw new Error('reference/nim/fast.ts no longer ends as acceptedNim() expects');
  return slow;
}

/** The known-wrong nim submissions, by file name. */
export function wrongNim(): { name: string; source: string }[] {
  const dir = join(ROOT, 'problems/nim/wrong');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((name) => ({ name, source: readFileSync(join(dir, name), 'utf8') }));
}

/** A program with a type error: compilation error, as TypeScript judges do. */
export const TYPE_ERROR = "const n: number = 'not a number';\nconsole.log(n);\n";

/** Prints "No" whatever the input: wrong on the first sample. */
export const ALWAYS_NO = "console.log('No');\n";
