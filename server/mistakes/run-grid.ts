/**
 * A program on a probe's grid: the states cut into as few input files as the problem's multi-case
 * format allows, run in the sandbox by the stress test's path (batches, the problem's judging's limits),
 * each answer read as win, lose or "?" (a run that crashed, ran out of time or memory, or an output
 * line that is no answer, or a file not run). Like a stress run, a map has a CPU budget
 * (MAP_CPU_BUDGET_MS): once spent, the files left are not run; and a row whose run times out is not
 * run further (its bigger states would time out too), so `for(;;){}` costs a few runs, not eighty.
 */
import { compileProgram } from '../languages/compile-program';
import { loadCompiled } from '../languages/program-sandbox';
import type { Compiler } from '../compile/types';
import type { LanguageId } from '../languages/registry';
import { judgeFailure } from '../judge/judge-one';
import { DEFAULT_OUTPUT_LIMIT, type RunResult, type Sandbox } from '../sandbox/types';
import { StressBudget } from '../stress/budget';
import { problemTools } from '../problems/problem-tools';
import type { Limits } from '../problems/types';
import { gridStates, type Got, type Probe } from './probe';

export interface GridAnswers {
  states: number[][];
  got: Got[];
  /** The input files run (the grid's files, fewer when rows timed out or the budget ran out). */
  runs: number;
  /** Which of the grid's files were run, in order. */
  ran: number[];
  /** CPU the program spent over every run, ms: counted in its person's turns. */
  usedMs: number;
  /** The budget ran out before every file was run. */
  stopped: boolean;
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

/** Judge CPU one map may use: the program's CPU over every run (a map of a correct program needs well under a second). */
export const MAP_CPU_BUDGET_MS = 10_000;
/** Files run together after a row's first (which runs alone, so a row that times out stops at once). */
const BATCH_FILES = 4;

/**
 * The files of each row of states (the grid's first parameter; a one-parameter grid is one row),
 * in order. A file may hold states of two rows; it belongs to the row it starts in.
 */
export function gridRows(files: readonly { states: number[][] }[]): number[][] {
  const rows: number[][] = [];
  let last: number | undefined;
  files.forEach((f, i) => {
    const row = f.states[0]!.length > 1 ? f.states[0]![0] : 0;
    if (row !== last || rows.length === 0) rows.push([]);
    rows.at(-1)!.push(i);
    last = row;
  });
  return rows;
}

/**
 * `limits`: what the program runs under; a mistake-map job passes its problem's judging's (the
 * stored header's, server/judging/judging.ts); absent, the package's own (tests, tools).
 */
export async function runGrid(
  slug: string,
  probe: Probe,
  program: { source: string; language: LanguageId },
  deps: { compiler: Compiler; sandbox: Sandbox; limits?: Limits },
  budget = new StressBudget(MAP_CPU_BUDGET_MS),
): Promise<GridOutcome> {
  const limits = deps.limits ?? (await problemTools(slug)).problem.pkg.limits;
  const compiled = await compileProgram(deps.compiler, program.source, program.language);
  if (!compiled.ok) return { ok: false, compileOutput: compiled.diagnostics };
  await loadCompiled(deps.sandbox, compiled.program, { ...limits, outputBytes: DEFAULT_OUTPUT_LIMIT });
  const states = gridStates(probe);
  const files = gridInputs(probe, states);
  // A file not run (its row timed out, or the budget is spent) answers "?" on every state.
  const runs: (RunResult | null)[] = files.map(() => null);
  const ran: number[] = [];
  for (const row of gridRows(files)) {
    let next = 0;
    while (next < row.length && !budget.exhausted()) {
      const batch = row.slice(next, next === 0 ? 1 : next + BATCH_FILES);
      const results = await runFiles(deps.sandbox, batch.map((i) => files[i]!.input));
      budget.chargeRuns(results);
      results.forEach((r, k) => (runs[batch[k]!] = r));
      ran.push(...batch);
      next += batch.length;
      // Once a row times out, its bigger states would too: the rest of the row is "?".
      if (results.some((r) => r.status === 'tle')) break;
    }
  }
  const got: Got[] = [];
  files.forEach((f, i) => {
    const run = runs[i];
    const read = run?.status === 'ok' ? probe.read(run.stdout, f.states.length) : f.states.map(() => null);
    for (const r of read) got.push(r ?? '?');
  });
  return { ok: true, answers: { states, got, runs: ran.length, ran, usedMs: budget.used(), stopped: budget.exhausted() } };
}

async function runFiles(sandbox: Sandbox, inputs: string[]): Promise<RunResult[]> {
  try {
    return await sandbox.runBatch(inputs);
  } catch (e) {
    return inputs.map(() => judgeFailure(e));
  }
}
