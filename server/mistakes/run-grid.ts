/**
 * A program on a probe's grid: the states cut into as few input files as the problem's multi-case
 * format allows, run in the sandbox by the stress test's path (one batch, the problem's limits),
 * each answer read as win, lose or "?" (a run that crashed, ran out of time or memory, or an output
 * line that is no answer).
 */
import { compileProgram } from '../languages/compile-program';
import { loadCompiled } from '../languages/program-sandbox';
import type { Compiler } from '../compile/types';
import type { LanguageId } from '../languages/registry';
import { DEFAULT_OUTPUT_LIMIT, type Sandbox } from '../sandbox/types';
import { judgeCases } from '../stress/judge-cases';
import { problemTools } from '../problems/problem-tools';
import { gridStates, type Got, type Probe } from './probe';

export interface GridAnswers {
  states: number[][];
  got: Got[];
  /** The input files the grid was asked in (one per run). */
  runs: number;
}

export type GridOutcome = { ok: true; answers: GridAnswers } | { ok: false; compileOutput: string };

/** The input of each run: consecutive states, at most perRun a file. */
export function gridInputs(probe: Probe, states: number[][]): { input: string; states: number[][] }[] {
  const out: { input: string; states: number[][] }[] = [];
  for (let i = 0; i < states.length; i += probe.perRun) {
    const chunk = states.slice(i, i + probe.perRun);
    out.push({ input: probe.input(chunk), states: chunk });
  }
  return out;
}

export async function runGrid(
  slug: string,
  probe: Probe,
  program: { source: string; language: LanguageId },
  deps: { compiler: Compiler; sandbox: Sandbox },
): Promise<GridOutcome> {
  const { problem, fast } = await problemTools(slug);
  const compiled = await compileProgram(deps.compiler, program.source, program.language);
  if (!compiled.ok) return { ok: false, compileOutput: compiled.diagnostics };
  await loadCompiled(deps.sandbox, compiled.program, { ...problem.pkg.limits, outputBytes: DEFAULT_OUTPUT_LIMIT });
  const states = gridStates(probe);
  const files = gridInputs(probe, states);
  const judged = await judgeCases(
    deps.sandbox,
    files.map((f) => ({ input: f.input, expected: fast.solve(f.input) })),
  );
  const got: Got[] = [];
  files.forEach((f, i) => {
    const run = judged[i]!.run;
    const read = run.status === 'ok' ? probe.read(run.stdout, f.states.length) : f.states.map(() => null);
    for (const r of read) got.push(r ?? '?');
  });
  return { ok: true, answers: { states, got, runs: files.length } };
}
