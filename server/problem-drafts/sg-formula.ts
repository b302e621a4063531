/**
 * G(n) of a one-heap game as a small program: a table of the first values, then a pattern
 * (pre-period, period, saltus) beyond it. The fast reference and every predicted wrong solution of
 * a lab draft are this one formula with different numbers, so what the draft computes here (to find
 * where a wrong solution differs) and what the sandbox runs are the same text.
 */

export interface SgFormula {
  /** The smallest state (values[0] is G(min)). */
  min: number;
  /** G(min), G(min + 1), …: used as they are for n < min + values.length. */
  values: number[];
  /**
   * Beyond the table: G(n) = G(pre + (n − pre) mod period) + ⌊(n − pre) / period⌋ · saltus, the
   * base value read from `values`; null when nothing is known beyond the table (n is never there).
   */
  pattern: { pre: number; period: number; saltus: number } | null;
  /**
   * How the pattern is applied: 'after-table' (the table first, the pattern beyond it: the right
   * way), 'from-min' (the first `period` values repeated from the smallest state, the pre-period
   * forgotten) or 'everywhere' (the pattern back to the smallest state too: exceptions ignored).
   */
  mode: 'after-table' | 'from-min' | 'everywhere';
}

/** The body of `function g(n)` in plain JavaScript (no types), reading the table `T`. */
export function formulaBody(f: SgFormula): string {
  const lines: string[] = [];
  const p = f.pattern;
  if (f.mode === 'after-table' || !p) {
    lines.push(`if (n - ${f.min} < T.length) return T[n - ${f.min}];`);
    if (!p) lines.push('return -1;');
  }
  if (p) {
    const base = f.mode === 'from-min' ? f.min : p.pre;
    lines.push(`const d = n - ${base};`);
    lines.push(`const r = ((d % ${p.period}) + ${p.period}) % ${p.period};`);
    lines.push(`return T[${base - f.min} + r] + ((d - r) / ${p.period}) * ${p.saltus};`);
  }
  return lines.join('\n  ');
}

/** The formula as an in-process function (trusted: only numbers of our own go into the text). */
export function formulaFunction(f: SgFormula): (n: number) => number {
  const g = new Function('T', 'n', formulaBody(f)) as (t: number[], n: number) => number;
  return (n) => g(f.values, n);
}

/** The table as TypeScript text, eight values to a line's worth of characters. */
function tableText(values: number[]): string {
  const rows: string[] = [];
  for (let i = 0; i < values.length; i += 24) rows.push(`  ${values.slice(i, i + 24).join(', ')},`);
  return `const T: number[] = [\n${rows.join('\n')}\n];`;
}

/**
 * A whole solution: read T then T states, print G of each on its own line. `why` is a comment
 * heading the file (what the solution does, or which mistake it makes).
 */
export function formulaProgram(f: SgFormula, why: string): string {
  return `// ${why.split('\n').join('\n// ')}
import { readFileSync } from 'node:fs';

${tableText(f.values)}

function g(n: number): number {
  ${formulaBody(f)}
}

const words = readFileSync(0, 'utf8').split(/\\s+/).filter(Boolean);
const t = Number(words[0]);
const out: string[] = [];
for (let i = 1; i <= t; i++) out.push(String(g(Number(words[i]))));
process.stdout.write(out.join('\\n') + '\\n');
`;
}
