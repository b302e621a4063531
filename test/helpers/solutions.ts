import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server';

/** The nim fast reference turned into a full program: the canonical accepted submission. */
export function acceptedNim(): string {
  return `${readFileSync(join(ROOT, 'reference/nim/fast.ts'), 'utf8')}\nprocess.stdout.write(solve(require('fs').readFileSync(0, 'utf8')));\n`;
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
