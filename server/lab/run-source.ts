/**
 * Runs student code of the lab (a game, a conjecture) in the judge's sandbox: compiled by the
 * judge's compiler, bundled with the lab driver, run with the lab's limits.
 */
import { SourceMap } from 'node:module';
import type { Compiler } from '../compile/types';
import { DEFAULT_OUTPUT_LIMIT, type RunLimits, type Sandbox } from '../sandbox';
import { labProgram } from './bundle';
import { checkAnswer } from './check-answer';
import { LabError } from './errors';
import { said } from '../text/messages';
import type { DriverAnswer, DriverRequest } from './sandbox-driver';

/**
 * The sandbox's limits for one lab computation: CPU time and memory are enforced as for a
 * submission, with room for tables (10^4 values of Dawson's Kayles take about a second).
 */
export const LAB_LIMITS: RunLimits = { timeMs: 10_000, memoryMb: 512, outputBytes: DEFAULT_OUTPUT_LIMIT };

export interface SandboxTools {
  compiler: Compiler;
  sandbox: Sandbox;
}

async function compileOrExplain(compiler: Compiler, source: string, what: 'game' | 'conjecture'): Promise<string> {
  const c = await compiler.compile(source);
  if (!c.ok) throw new LabError(said(what === 'game' ? 'lab.game-compile' : 'lab.conjecture-compile', c.diagnostics));
  return c.js;
}

export async function runStudentCode(
  tools: SandboxTools,
  code: { game: string | null; conjecture: string | null },
  request: DriverRequest,
  limits: RunLimits = LAB_LIMITS,
): Promise<Extract<DriverAnswer, { ok: true }>> {
  const gameJs = code.game === null ? null : await compileOrExplain(tools.compiler, code.game, 'game');
  const conjectureJs = code.conjecture === null ? null : await compileOrExplain(tools.compiler, code.conjecture, 'conjecture');
  await tools.sandbox.load(labProgram(gameJs, conjectureJs), limits);
  const r = await tools.sandbox.run(JSON.stringify(request));
  const seconds = limits.timeMs / 1000;
  switch (r.status) {
    case 'ok':
      break;
    case 'tle':
      throw new LabError(said('lab.time-limit', seconds));
    case 'mle':
      throw new LabError(said('lab.memory-limit', limits.memoryMb));
    case 'ole':
      throw new LabError(said('lab.output-limit'));
    case 're':
      throw new LabError(said('lab.crashed', r.message ?? r.stderr ?? 'runtime error'));
    default:
      throw new Error(`sandbox failure: ${r.message ?? r.status}`);
  }
  let raw: unknown;
  try {
    // The driver prints one JSON object last; anything the student printed comes before it.
    const start = r.stdout.lastIndexOf('{"ok":');
    raw = JSON.parse(start >= 0 ? r.stdout.slice(start) : r.stdout);
  } catch {
    throw new LabError(`The code's output broke the lab's answer (did it print something?): ${r.stdout.slice(0, 200)}`);
  }
  const answer = checkAnswer(raw, request);
  if (!answer.ok) throw new LabError(answer.said ?? (gameJs ? mapPositions(answer.error, gameJs) : answer.error));
  return answer;
}

/**
 * Rewrites "(at solution.js:L:C)" to the student's TypeScript position. The game's compiled code
 * opens the program, so its lines are the program's first lines; anything past them is the lab's
 * own code (or the conjecture's) and is dropped from the message.
 */
function mapPositions(message: string, gameJs: string): string {
  const m = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)/.exec(gameJs);
  let map: SourceMap | null = null;
  try {
    map = m ? new SourceMap(JSON.parse(Buffer.from(m[1]!, 'base64').toString('utf8'))) : null;
  } catch {
    map = null;
  }
  const gameLines = gameJs.split('\n').length;
  return message.replace(/ \(at solution\.js:(\d+):(\d+)\)/g, (_, l: string, c: string) => {
    const line = Number(l);
    if (!map || line > gameLines || line < 2) return '';
    const entry = map.findEntry(line - 1, Number(c) - 1) as { originalLine?: number; originalColumn?: number };
    return entry.originalLine === undefined ? '' : ` (at solution.ts:${entry.originalLine + 1}:${(entry.originalColumn ?? 0) + 1})`;
  });
}
