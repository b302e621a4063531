import { describe, expect, it } from 'vitest';
import type { Compiler } from '../../server/compile/types';
import { compileAndLoad, judgeBatch, judgeOne, judgeRun } from '../../server/judge/judge-one';
import type { RunResult, Sandbox } from '../../server/sandbox/types';

/**
 * The one way to judge one input (server/judge/judge-one.ts), which submissions, invocations,
 * sample runs, stress cases and the solution table all call. The sandboxes here fail on purpose:
 * a judge failure must come out as IE with "judge error: …", never as the program's verdict and
 * never as an exception that loses the job (invocations and sample runs once let it escape).
 */
const ok = (stdout: string, extra: Partial<RunResult> = {}): RunResult => ({ status: 'ok', exitCode: 0, stdout, stderr: '', message: null, timeMs: 3, wallMs: 4, memoryKb: 1000, ...extra });

function failingSandbox(where: 'load' | 'run'): Sandbox {
  const fail = () => Promise.reject(new Error('the sandbox process is gone'));
  return {
    load: where === 'load' ? fail : () => Promise.resolve(),
    run: fail,
    runBatch: fail,
    release: () => {},
    close: () => Promise.resolve(),
  };
}

const compiler: Compiler = { compile: (source) => Promise.resolve({ ok: true, js: source, diagnostics: '' }), close: () => Promise.resolve() };

describe('judgeOne', () => {
  it('turns a sandbox that throws into IE with the judge’s sentence, for one input and for a batch', async () => {
    const one = await judgeOne(failingSandbox('run'), '1\n', '1\n', { timeMs: 1000 });
    expect(one).toMatchObject({ verdict: 'IE', message: 'judge error: the sandbox process is gone' });
    const batch = await judgeBatch(failingSandbox('run'), [{ input: '1\n', expected: '1\n' }, { input: '2\n', expected: '2\n' }]);
    expect(batch.map((b) => [b.verdict, b.message])).toEqual([
      ['IE', 'judge error: the sandbox process is gone'],
      ['IE', 'judge error: the sandbox process is gone'],
    ]);
  });

  it('turns a load that throws into IE, and a compile error into CE', async () => {
    expect(await compileAndLoad({ compiler, sandbox: failingSandbox('load') }, 'x', undefined, { timeMs: 1000, memoryMb: 256 })).toEqual({ ok: false, verdict: 'IE', compileOutput: 'judge error: the sandbox process is gone' });
    const refusing: Compiler = { compile: () => Promise.resolve({ ok: false, diagnostics: '1:1 error TS1005' }), close: () => Promise.resolve() };
    expect(await compileAndLoad({ compiler: refusing, sandbox: failingSandbox('load') }, 'x', undefined, { timeMs: 1000, memoryMb: 256 })).toEqual({ ok: false, verdict: 'CE', compileOutput: '1:1 error TS1005' });
  });

  it('shows the checker’s message on WA and the run’s own otherwise', () => {
    expect(judgeRun(ok('Yes\n'), 'No\n')).toMatchObject({ verdict: 'WA', message: 'token 1 differs: expected "No", found "Yes"' });
    expect(judgeRun(ok('Yes\n'), 'Yes\n')).toMatchObject({ verdict: 'AC', message: null });
    const tle = ok('', { status: 'tle', exitCode: null, message: 'Time limit exceeded: the program ran for 1200 ms of CPU time; the limit is 1000 ms.' });
    expect(judgeRun(tle, 'Yes\n')).toMatchObject({ verdict: 'TLE', message: tle.message });
  });
});
