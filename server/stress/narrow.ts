import type * as fc from 'fast-check';
import type { Verdict } from '../judge/verdicts';
import type { Interactor } from '../problems/types';
import type { RunResult, Sandbox } from '../sandbox/types';
import { batchInput, type CaseStream, type StreamCase } from './batch';
import type { BatchedFinding } from './batched-search';
import { referenceAnswer, type Reference } from './oracle';
import { runSpread } from './shrink';

/** A batched run's failure narrowed to where the shrinking starts. */
export interface NarrowedFailure {
  /** The failing case in the run's stream. */
  index: number;
  value: fc.Value<unknown>;
  input: string;
  expected: string;
  run: RunResult;
  verdict: Verdict;
  message: string | null;
  /**
   * True when `input` is not the generated input of `value` (the failure needs cases of other
   * inputs beside it): only the textual pass shrinks it.
   */
  textOnly: boolean;
}

export interface NarrowDeps {
  stream: CaseStream;
  fast: Reference;
  sandboxes: Sandbox[];
  timeMs: number;
  interactor?: Interactor;
}

type Piece = { cases: StreamCase[]; input: string; expected: string; run: RunResult; message: string | null };

/**
 * From a failing multi-case run to one case. A wrong answer's case is the one the layout located;
 * a crash, a time, memory or output limit (or a wrong answer of another shape) is bisected: the two
 * halves of the run's cases run as inputs of their own (side by side, one limit per level), the
 * first half failing the same way is kept, until one case is left or neither half fails alone (then
 * the smallest batch that fails is kept). The generated input holding that case then runs alone:
 * failing the same way, it is where the shrinking starts, exactly as in a one-case-a-run search,
 * so the counterexample is that search's. Else the smallest input that failed is shrunk as text.
 */
export async function narrowFailure(f: Extract<BatchedFinding, { kind: 'failure' }>, deps: NarrowDeps): Promise<NarrowedFailure> {
  const same = (v: Verdict): boolean => v === f.verdict;
  let piece: Piece = { cases: f.batch.cases, input: f.batch.input, expected: f.batch.expected, run: f.run, message: f.message };
  let located = f.located ? f.batch.cases.find((c) => c.index === f.index)! : null;

  while (!located && piece.cases.length > 1) {
    const half = Math.ceil(piece.cases.length / 2);
    const parts: { cases: StreamCase[]; input: string; expected: string }[] = [];
    for (const cases of [piece.cases.slice(0, half), piece.cases.slice(half)]) {
      const input = batchInput(cases);
      const answer = await referenceAnswer(input, deps.fast, null);
      if (answer.ok) parts.push({ cases, input, expected: answer.expected });
    }
    const judged = await runSpread(deps.sandboxes, parts, deps.interactor, deps.timeMs);
    const k = judged.findIndex((j) => same(j.verdict));
    if (k < 0) break;
    piece = { ...parts[k]!, run: judged[k]!.run, message: judged[k]!.message };
    if (piece.cases.length === 1) located = piece.cases[0]!;
  }
  const first = located ?? piece.cases[0]!;

  const { value, text } = deps.stream.input(first.source);
  const tryAlone = async (input: string): Promise<Piece | null> => {
    const answer = await referenceAnswer(input, deps.fast, null);
    if (!answer.ok) return null;
    const [j] = await runSpread(deps.sandboxes.slice(0, 1), [{ input, expected: answer.expected }], deps.interactor, deps.timeMs);
    return j && same(j.verdict) ? { cases: [], input, expected: answer.expected, run: j.run, message: j.message } : null;
  };
  const own = await tryAlone(text);
  if (own) return { index: first.index, value, input: text, expected: own.expected, run: own.run, verdict: f.verdict, message: own.message, textOnly: false };
  // The case fails only beside cases of other inputs (state kept between cases, a time limit
  // reached by their sum): the smallest input that failed is the counterexample to shrink.
  const cut = located && piece.cases.length > 1 ? await tryAlone(batchInput([located])) : null;
  const smallest = cut ?? piece;
  return { index: first.index, value, input: smallest.input, expected: smallest.expected, run: smallest.run, verdict: f.verdict, message: smallest.message, textOnly: true };
}
