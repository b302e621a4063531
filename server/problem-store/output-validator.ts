import type { Compiler } from '../compile/types';
import type { ScriptLanguage } from '../languages/types';
import type { OutputCheck, OutputCheckResult } from '../judge/output-check';
import { createSandbox, type Sandbox } from '../sandbox';

/**
 * A package's TypeScript or JavaScript output validator, run in the sandbox like a submission (it
 * is not trusted). Its contract, simpler than the format's files-and-exit-codes one because the
 * sandbox has no files: the validator defines `check(input, answer, output)` returning `true` to
 * accept, or a sentence saying why the output is wrong. A validator that loops, crashes or answers
 * nonsense is stopped by the sandbox's limits and the test is an internal error, not a verdict.
 */
export const VALIDATOR_LIMITS = { timeMs: 1000, memoryMb: 512, outputBytes: 64 * 1024 };

const DRIVER = `
;{
  const __data = JSON.parse(require('fs').readFileSync(0, 'utf8'));
  const __said = check(__data.input, __data.answer, __data.output);
  process.stdout.write(__said === true ? 'AC\\n' : 'WA ' + String(__said).slice(0, 2000) + '\\n');
}
`;

export interface RunningValidator {
  check: OutputCheck;
  close(): Promise<void>;
}

/** Compiles on first use and keeps one sandbox for the validator until `close`. */
export function outputValidator(source: string, language: ScriptLanguage, compiler: Compiler): RunningValidator {
  let ready: Promise<{ sandbox: Sandbox } | { error: string }> | null = null;
  let sandbox: Sandbox | null = null;
  const start = async (): Promise<{ sandbox: Sandbox } | { error: string }> => {
    const compiled = await compiler.compile(`${source}\n${DRIVER}`, language);
    if (!compiled.ok) return { error: `the output validator does not compile: ${compiled.diagnostics.split('\n')[0]}` };
    sandbox = await createSandbox();
    await sandbox.load(compiled.js, VALIDATOR_LIMITS);
    return { sandbox };
  };
  const check: OutputCheck = async (test, output): Promise<OutputCheckResult> => {
    ready ??= start();
    const got = await ready;
    if ('error' in got) return { verdict: 'IE', message: got.error };
    const run = await got.sandbox.run(JSON.stringify({ input: test.input, answer: test.expected, output }));
    if (run.status === 'tle') return { verdict: 'IE', message: `the output validator ran longer than ${VALIDATOR_LIMITS.timeMs} ms and was stopped` };
    if (run.status !== 'ok') return { verdict: 'IE', message: `the output validator failed (${run.status}): ${(run.message ?? run.stderr).split('\n')[0]?.slice(0, 300)}` };
    const said = run.stdout.trimEnd();
    if (said === 'AC') return { verdict: 'AC', message: 'accepted by the output validator' };
    if (said.startsWith('WA ')) return { verdict: 'WA', message: said.slice(3) };
    return { verdict: 'IE', message: 'the output validator wrote something other than its answer' };
  };
  return {
    check,
    close: async () => {
      await sandbox?.close();
    },
  };
}
