/**
 * A package's interactor as the format's program (C++, C or Python, a testlib interactor too), run in
 * the contained native runner, a box of its own per game, never in the judge. The calling
 * convention is the format's (problemtools, DOMjudge):
 *
 *     interactor input_file answer_file feedback_dir/ [output_validator_args]
 *
 * with its standard output fed to the player's standard input and the player's output to its
 * standard input; testlib's is `interactor input_file output_file answer_file`. The judge relays
 * between the two boxes line by line (playGame, server/judge/interactor.ts), so the dialogue is kept
 * as for every interactive problem. Exit 42 is AC, 43 WA (testlib: 0 AC, 1 or 2 WA, 7 points — WA on
 * this pass/fail judge); anything else (another code, a signal, its CPU or wall time, its memory) is
 * the judge's failure: IE with a sentence, whatever the player did. A wrong answer it gives before
 * the player ended stands over the player's own TLE or RE (`validatorFirst`, the format's rule).
 */
import { StringDecoder } from 'node:string_decoder';
import type { Interactor, InteractorIO, InteractorVerdict, Limits } from '../problems/types';
import { INTERACTOR_AFTER_END_MS, NATIVE_FILE_MB, OUTPUT_LIMIT_BYTES, timerMs, wallClockMs } from '../rules/limits';
import { buildProgram, feedbackText, firstLines, playWithFiles, BOX_WORK_DIR, JUDGE_MESSAGE_CHARS, PACKAGE_PROGRAM_LIMITS, TEAM_MESSAGE_CHARS, type NativePackageProgram } from './package-programs';
import { interactorCpuMs } from './sandboxed-interactor';

/** The interactor's box, per game: its CPU as a sandboxed interactor's, a wall net past the player's whole game. */
export function programInteractorLimits(problem: Pick<Limits, 'timeMs'>) {
  const cpuMs = interactorCpuMs(problem);
  return {
    cpuMs,
    // The game lasts at most the player's wall net plus what the interactor computes; twice that
    // and a margin, so a loaded machine never stops a sound interactor (a stuck one costs this).
    wallMs: timerMs(2 * (wallClockMs(problem) + cpuMs) + 5_000),
    memoryMb: PACKAGE_PROGRAM_LIMITS.memoryMb,
    outputBytes: OUTPUT_LIMIT_BYTES,
    fileBytes: NATIVE_FILE_MB * 1024 * 1024,
    processes: PACKAGE_PROGRAM_LIMITS.processes,
  };
}

/** An error whose text is the sentence alone (playGame shows a stack when there is one). */
function failure(sentence: string): Error {
  const e = new Error(sentence);
  e.stack = sentence;
  return e;
}

export function programInteractor(p: NativePackageProgram & { testlib: boolean }, args: string[], problem: Pick<Limits, 'timeMs'>): { interactor: Interactor; close(): Promise<void> } {
  const limits = programInteractorLimits(problem);
  const what = p.testlib ? `the testlib interactor ${p.path}` : `the interactor ${p.path}`;

  const interact = async (input: string, io: InteractorIO, test?: { answer: string }): Promise<InteractorVerdict> => {
    const b = await buildProgram(p);
    if (!b.ok) throw failure(`${what} ${b.reason}`);
    const w = BOX_WORK_DIR;
    const argv = p.testlib ? [`${w}/input`, `${w}/output`, `${w}/answer`] : [`${w}/input`, `${w}/answer`, `${w}/feedback/`, ...args];
    const stop = new AbortController();
    let killTimer: NodeJS.Timeout | undefined;
    let broken: string | null = null;
    const decoder = new StringDecoder('utf8');
    let partial = '';
    const run = await playWithFiles(
      b.program,
      { input, answer: test?.answer ?? '' },
      argv,
      {
        output(bytes) {
          partial += decoder.write(bytes);
          for (let at = partial.indexOf('\n'); at >= 0; at = partial.indexOf('\n')) {
            io.send(partial.charCodeAt(at - 1) === 13 ? partial.slice(0, at - 1) : partial.slice(0, at));
            partial = partial.slice(at + 1);
          }
        },
        connect(feed) {
          // The player's lines, one read at a time, into the interactor's standard input; its end is the interactor's end of input.
          void (async () => {
            for (;;) {
              let line: string | null;
              try {
                line = await io.read();
              } catch (e) {
                broken = e instanceof Error ? e.message : String(e);
                stop.abort();
                return;
              }
              if (stop.signal.aborted) return;
              if (line === null) {
                feed.end();
                // playGame waits this long for the verdict once the player ended; the box goes after it.
                killTimer = setTimeout(() => stop.abort(), INTERACTOR_AFTER_END_MS + 1_000);
                return;
              }
              feed.write(Buffer.from(`${line}\n`));
            }
          })();
        },
      },
      limits,
      stop.signal,
    ).finally(() => {
      clearTimeout(killTimer);
      stop.abort();
    });
    partial += decoder.end();
    if (partial) io.send(partial);
    if (broken) throw failure(broken);
    const r = run.result;
    const code = r.exitCode;
    const stderr = r.stderr ? `: ${firstLines(r.stderr, 2)}` : '';
    if (r.status === 'ie') throw failure(`${what} could not be run (${r.message ?? 'no reason given'})`);
    if (r.status === 'tle') {
      throw failure(r.timeMs >= limits.cpuMs ? `${what} ran past its ${limits.cpuMs} ms of CPU time and was stopped` : `${what} ran past its ${limits.wallMs} ms of wall time and was stopped`);
    }
    if (r.status === 'mle') throw failure(`${what} used more memory than its ${limits.memoryMb} MiB`);
    if (r.status === 'ole') throw failure(`${what} wrote more than ${limits.outputBytes} bytes to the program`);
    const judgeMessage = feedbackText(run.read('feedback/judgemessage.txt'), JUDGE_MESSAGE_CHARS);
    const extra = judgeMessage ? { judgeMessage } : {};
    if (p.testlib) {
      // testlib says its verdict on standard error; it is the interactor's sentence for the player.
      const said = firstLines(r.stderr, 2);
      if (code === 0) return { verdict: 'AC', message: said || 'accepted by the interactor', ...extra };
      if (code === 1 || code === 2) return { verdict: 'WA', message: said || 'wrong answer (the interactor said so)', ...extra };
      if (code === 7) return { verdict: 'WA', message: `partial points, not accepted on this pass/fail judge${said ? `: ${said}` : ''}`, ...extra };
      throw failure(`${what} failed (exit code ${code ?? r.status})${stderr}`);
    }
    const team = feedbackText(run.read('feedback/teammessage.txt'), TEAM_MESSAGE_CHARS);
    if (code === 42) return { verdict: 'AC', message: team || 'accepted by the interactor', ...extra };
    if (code === 43) return { verdict: 'WA', message: team || 'wrong answer (the interactor said so)', ...extra };
    throw failure(`${what} exited with ${code !== null ? `code ${code}` : (r.signal ?? r.status)}, not 42 or 43${stderr}`);
  };

  return {
    interactor: {
      interact,
      validatorFirst: true,
      // Compiled before the first game, so the compiler's time is nobody's wait.
      prepare: async () => {
        await buildProgram(p);
      },
    },
    close: async () => {},
  };
}
