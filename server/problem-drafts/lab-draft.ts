/**
 * "Make a problem of this game": a lab result drafted as a whole problem. The input is T heaps,
 * the answer each heap's SG value; the fast reference is the computed table and, beyond it, the
 * proven period (without a proven period the states stop at the computed table); the brute force
 * is a memoised search over the game's own options; the wrong solutions are the mistakes the method
 * invites (the pre-period forgotten, the exceptions ignored, the period off by one, a table cut
 * short), each kept only when it really answers some state wrongly; the tests hold every exception,
 * the period's first values and the largest states. The checks (checks.ts) then run all of it in
 * the sandbox and add tests for any wrong solution that survives.
 */
import { createHash } from 'node:crypto';
import type { GameSpec, LabResult } from '../lab/lab';
import { analyseSequence } from '../lab/period';
import { octalDigits, parseSubtractionSet } from '../lab/presets';
import type { PackageTest, ParsedPackage } from '../package-format/parse';
import { MAX_CASES, type DraftPackage, type LabFacts } from './draft-package';
import { generatorBody, generatorProgram, runGenerator, seededRng } from './generator';
import { formulaFunction, formulaProgram, type SgFormula } from './sg-formula';
import { statementOf, titleOf } from './lab-statement';

export class LabDraftError extends Error {}

/** Heaps go up to this when the period is proven (safe integers, and the formula's arithmetic stays exact). */
export const PROVEN_MAX_N = 1_000_000_000;
/** Without a proof the heaps stop at the computed table, of at most this many states (its values are in the reference's text). */
export const TABLE_STATES = 4000;
/** The brute force is run on the tests whose heaps are all at most this (octal splits make it quadratic). */
export const BRUTE_MAX = 1000;
/** How far from each end of the range wrong solutions are compared with the fast reference. */
const SCAN = 5000;
const LIMITS = { timeMs: 1000, memoryMb: 256 };

export function draftFromLab(result: LabResult, request: unknown, source: string | null): DraftPackage {
  const spec = result.game.spec;
  if (result.game.dims !== 1) throw new LabDraftError('Only a game of one heap (one parameter) can be drafted as a problem; this game has ' + result.game.dims + '.');
  if (result.loopy) throw new LabDraftError('The game has a cycle (draws): its states have no SG values to ask for.');
  if (spec?.kind === 'problem') throw new LabDraftError('This game is already a problem of the judge; draft from a preset, an octal or subtraction game, or your own game.');
  if (!spec && source === null) throw new LabDraftError('A game of your own is drafted from its source.');
  const values = result.values as number[];
  const min = result.game.from[0]!;
  const a = result.analysis;
  const proven = !!a && a.proven && a.saltus === 0;
  const table = proven ? values : values.slice(0, TABLE_STATES);
  const maxN = proven ? PROVEN_MAX_N : min + table.length - 1;
  if (proven && a!.preperiod - min + a!.period > TABLE_STATES) throw new LabDraftError(`The pre-period and period span ${a!.preperiod - min + a!.period} values, more than the ${TABLE_STATES} a reference may carry.`);

  const fast: SgFormula = proven
    ? { min, values: values.slice(0, a!.preperiod - min + a!.period), pattern: { pre: a!.preperiod, period: a!.period, saltus: 0 }, mode: 'after-table' }
    : { min, values: table, pattern: null, mode: 'after-table' };
  const truth = formulaFunction(fast);
  const { wrong, notPredicted } = predictedMistakes(values, min, maxN, a, truth);

  const name = titleOf(spec, result.game.settings);
  const slug = slugOf(spec, result.game.settings, source);
  const facts: LabFacts = {
    request,
    game: result.game.name,
    min,
    maxN,
    bruteMax: Math.min(maxN, min + BRUTE_MAX),
    proven,
    analysis: a && { preperiod: a.preperiod, period: a.period, saltus: a.saltus, exceptions: a.exceptions },
    fast,
    wrong,
    notPredicted,
  };
  const answer = (ns: number[]) => ns.map((n) => `${truth(n)}\n`).join('');
  const test = (name: string, ns: number[]): PackageTest => ({ name, input: `${ns.length}\n${ns.join('\n')}\n`, answer: answer(ns) });
  const inRange = (ns: number[]) => [...new Set(ns.filter((n) => n >= min && n <= maxN))].slice(0, MAX_CASES);

  const secret: PackageTest[] = [];
  const add = (label: string, ns: number[]) => {
    const kept = inRange(ns);
    if (kept.length) secret.push(test(`${String(secret.length + 1).padStart(2, '0')}-${label}`, kept));
  };
  add('table', range(min, Math.min(maxN, min + MAX_CASES - 1)));
  if (a?.exceptions.length) add('exceptions', a.exceptions);
  if (a) add('period-start', range(a.preperiod - 1, a.preperiod + 2 * a.period));
  add('largest', range(Math.max(min, maxN - MAX_CASES + 1), maxN).reverse());
  const genBody = generatorBody(min, maxN);
  const rng = seededRng(hashOf(slug));
  for (const size of ['small', 'medium', 'max', 'max'] as const) {
    const input = runGenerator(genBody, rng, size);
    add(`random-${size}`, input.split('\n').slice(1).filter(Boolean).map(Number));
  }

  // The sample shows small heaps every predicted mistake answers right: like the built-in
  // problems' wrong solutions, these pass the sample and are caught by the tests.
  const mistakes = wrong.map((w) => formulaFunction(w.formula));
  const agreed = range(min, Math.min(maxN, min + 200)).filter((n) => mistakes.every((f) => f(n) === truth(n))).slice(0, 6);
  const samples = [test('1', agreed.length >= 3 ? agreed : inRange(range(min, min + 5)))];
  const generator = generatorProgram(genBody, min, maxN);
  const brute = bruteProgram(spec, result.game.settings, source, min);
  const pkg: ParsedPackage = {
    shortName: slug,
    name,
    source: 'SG Judge lab',
    license: 'unknown',
    type: 'pass-fail',
    validation: 'default',
    limits: LIMITS,
    statements: statementOf(spec, result.game.settings, source, min, maxN),
    samples,
    secret,
    submissions: {
      accepted: [{ name: 'fast.ts', language: 'typescript', source: formulaProgram(fast, proven ? `The table, then the proven period ${a!.period} from n = ${a!.preperiod}.` : `The computed table of G(${min}..${maxN}).`) }],
      wrong_answer: wrong.map((w) => ({ name: w.name, language: 'typescript' as const, source: formulaProgram(w.formula, w.why) })),
      time_limit_exceeded: [],
      run_time_error: [],
    },
    hasOutputValidator: false,
    notes: notPredicted,
  };
  return {
    pkg,
    extra: [
      { path: 'generator.ts', text: generator },
      { path: 'brute.ts', text: brute },
      { path: 'lab.json', text: `${JSON.stringify(facts, null, 2)}\n` },
    ],
    caseLayout: { inputLinesPerCase: 1, answerLinesPerCase: 1 },
    generator,
    lab: facts,
  };
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let n = from; n <= to; n++) out.push(n);
  return out;
}

function hashOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0);
}

/** States in [min, maxN] (near both ends) where `f` and the truth differ, at most `limit`. */
export function differingStates(f: (n: number) => number, truth: (n: number) => number, min: number, maxN: number, limit = MAX_CASES): number[] {
  const out: number[] = [];
  const check = (n: number) => {
    if (out.length < limit && f(n) !== truth(n)) out.push(n);
  };
  const lowTop = Math.min(maxN, min + SCAN);
  for (let n = min; n <= lowTop; n++) check(n);
  for (let n = Math.max(lowTop + 1, maxN - SCAN); n <= maxN; n++) check(n);
  return out;
}

/**
 * The mistakes the method invites, each as a formula; one that agrees with the truth on every state
 * checked is no mistake for this game and is left out, with the reason.
 */
function predictedMistakes(values: number[], min: number, maxN: number, a: ReturnType<typeof analyseSequence>, truth: (n: number) => number) {
  const wrong: LabFacts['wrong'] = [];
  const notPredicted: string[] = [];
  if (!a) return { wrong, notPredicted: ['No period was seen, so no wrong solution is predicted: add your own.'] };
  const { preperiod: pre, period: p, saltus: s } = a;
  const offset = pre - min;
  const candidates: { name: string; why: string; formula: SgFormula | null }[] = [
    {
      name: 'period-without-preperiod.ts',
      why: `Wrong on purpose: the period ${p} applied from n = ${min}, as if there were no pre-period.`,
      formula: { min, values: values.slice(0, p), pattern: { pre: min, period: p, saltus: s }, mode: 'from-min' },
    },
    {
      name: 'exceptions-ignored.ts',
      why: `Wrong on purpose: the periodic pattern (period ${p} from n = ${pre}) used for every n, the exceptions before it ignored.`,
      formula: { min, values: values.slice(0, offset + p), pattern: { pre, period: p, saltus: s }, mode: 'everywhere' },
    },
    {
      name: 'period-off-by-one.ts',
      why: `Wrong on purpose: the table up to n = ${pre + p}, then period ${p + 1} instead of ${p}.`,
      formula: values.length > offset + p + 1 ? { min, values: values.slice(0, offset + p + 1), pattern: { pre, period: p + 1, saltus: s }, mode: 'after-table' } : null,
    },
    cutShort(values, min, maxN, a, truth),
  ];
  for (const c of candidates) {
    if (!c.formula) {
      notPredicted.push(`${c.name}: ${c.why}`);
      continue;
    }
    if (differingStates(formulaFunction(c.formula), truth, min, maxN, 1).length === 0) notPredicted.push(`${c.name} is left out: for this game it answers every state right.`);
    else wrong.push({ name: c.name, why: c.why, formula: c.formula });
  }
  return { wrong, notPredicted };
}

/**
 * A table computed too short: the longest prefix whose own pattern (found as the lab finds one,
 * with no proof) differs from the true one and answers some state wrongly.
 */
function cutShort(values: number[], min: number, maxN: number, a: NonNullable<ReturnType<typeof analyseSequence>>, truth: (n: number) => number) {
  const name = 'table-cut-short.ts';
  const top = Math.min(values.length - 1, a.preperiod - min + 2 * a.period + 8, 600);
  for (let len = top; len >= 12; len--) {
    const seen = analyseSequence(values.slice(0, len), min, null);
    if (!seen || (seen.preperiod === a.preperiod && seen.period === a.period && seen.saltus === a.saltus)) continue;
    const formula: SgFormula = { min, values: values.slice(0, len), pattern: { pre: seen.preperiod, period: seen.period, saltus: seen.saltus }, mode: 'after-table' };
    if (differingStates(formulaFunction(formula), truth, min, maxN, 1).length === 0) continue;
    return { name, why: `Wrong on purpose: the table computed only up to n = ${min + len - 1}, where it seems to have period ${seen.period} from n = ${seen.preperiod}${seen.saltus ? ` with saltus ${seen.saltus}` : ''}, extended by that.`, formula };
  }
  return { name, why: 'left out: every shorter table that shows a period already shows the true one.', formula: null };
}

/** The game's options as TypeScript, for the brute force (a student's game: their own source). */
function optionsProgram(spec: Exclude<GameSpec, { kind: 'source' }> | null, settings: Record<string, number>, source: string | null): string {
  if (!spec) return source!;
  switch (spec.kind) {
    case 'octal':
      return `// The octal game 0.${octalDigits(spec.code).join('')}: digit j says what taking j tokens may leave (1: nothing, 2: one heap, 4: two non-empty heaps).
const DIGITS = [${octalDigits(spec.code).join(', ')}];
function options(n: number): number[][] {
  const out: number[][] = [];
  for (let j = 1; j <= DIGITS.length && j <= n; j++) {
    const d = DIGITS[j - 1]!;
    const rest = n - j;
    if (rest === 0 && d & 1) out.push([]);
    if (rest > 0 && d & 2) out.push([rest]);
    if (rest >= 2 && d & 4) for (let a = 1; 2 * a <= rest; a++) out.push([a, rest - a]);
  }
  return out;
}`;
    case 'subtract':
      return `const SET = [${parseSubtractionSet(spec.set).join(', ')}];
function options(n: number): number[][] {
  return SET.filter((s) => s <= n).map((s) => [n - s]);
}`;
    case 'bash':
      return `const M = ${settings.m ?? 3};
function options(n: number): number[][] {
  const out: number[][] = [];
  for (let t = 1; t <= M && t <= n; t++) out.push([n - t]);
  return out;
}`;
    case 'nim':
      return `function options(n: number): number[][] {
  return Array.from({ length: n }, (_, i) => [i]);
}`;
    default:
      throw new LabDraftError('This game cannot be drafted.');
  }
}

function bruteProgram(spec: Exclude<GameSpec, { kind: 'source' }> | null, settings: Record<string, number>, source: string | null, min: number): string {
  return `// Brute force: the SG value of each heap by a memoised search over the game's own moves.
// Slow on purpose (it is the check of the fast reference on small heaps).
import { readFileSync as __read } from 'node:fs';

${optionsProgram(spec, settings, source)}

const __memo = new Map<number, number>();
function __value(n: number): number {
  const known = __memo.get(n);
  if (known !== undefined) return known;
  const seen = new Set<number>();
  for (const option of options(n) as unknown as (number | number[])[][]) {
    let x = 0;
    for (const c of option) x ^= __value(typeof c === 'number' ? c : c[0]!);
    seen.add(x);
  }
  let g = 0;
  while (seen.has(g)) g++;
  __memo.set(n, g);
  return g;
}

const __words = __read(0, 'utf8').split(/\\s+/).filter(Boolean).map(Number);
const __heaps = __words.slice(1, 1 + __words[0]!);
// Smaller heaps first, so the search never recurses deeply.
for (let n = ${min}; n <= Math.max(${min}, ...__heaps); n++) __value(n);
process.stdout.write(__heaps.map((n) => __value(n)).join('\\n') + '\\n');
`;
}

export function slugOf(spec: Exclude<GameSpec, { kind: 'source' }> | null, settings: Record<string, number>, source: string | null): string {
  if (!spec) return `heap-game-${createHash('sha256').update(source ?? '').digest('hex').slice(0, 6)}`;
  switch (spec.kind) {
    case 'octal':
      return `octal-0-${octalDigits(spec.code).join('')}`;
    case 'subtract':
      return `subtraction-${parseSubtractionSet(spec.set).join('-')}`;
    case 'bash':
      return `bash-${settings.m ?? 3}`;
    case 'nim':
      return 'nim-heap';
    default:
      return 'lab-game';
  }
}
