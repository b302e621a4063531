import type { Interactor, InteractorIO, InteractorVerdict } from '../problems/types';
import type { LiveStdin, RunResult, Sandbox } from '../sandbox/types';
import { INTERACTOR_AFTER_END_MS as AFTER_PROGRAM_MS, interactorBudgetMs as defaultBudgetMs } from '../rules/limits';
import { statusVerdict, worstOf, type Verdict } from './verdicts';
import type { Said } from '../text/messages';
import { ownCpuMs } from '../platform/thread-cpu';

/** The dialogue kept in full up to this many characters (then counted, not kept). */
const DIALOGUE_CHARS = 2_000_000;

export interface GameOutcome {
  verdict: Verdict;
  /** Why (the interactor's message, or the run's), null when there is nothing to say. */
  message: string | null;
  /** The message as an id and arguments (server/text/messages.ts), when it is one. */
  said?: Said;
  /** The program's run (its stdout is empty: its output is in the dialogue). */
  run: RunResult;
  /** One line per line written, in order: `> ` the program's, `< ` the interactor's. */
  dialogue: string;
  /** What the interactor said, when it finished (for tests and tools). */
  interactor: InteractorVerdict | null;
  /** The interactor's words for the teacher alone (a package's judgemessage.txt), when it left any. */
  judgeMessage?: string;
  /** Whether the interactor ended before the program did (the format's "validator exited first"). */
  interactorFirst?: boolean;
}

/** The lines of a game, in the order they were written, cut past DIALOGUE_CHARS. */
class Dialogue {
  private readonly parts: string[] = [];
  private chars = 0;
  private dropped = 0;

  add(side: '>' | '<', line: string): void {
    if (this.chars + line.length > DIALOGUE_CHARS) {
      this.dropped++;
      return;
    }
    this.chars += line.length + 3;
    this.parts.push(`${side} ${line}`);
  }

  text(): string {
    const lines = this.dropped ? [...this.parts, `… (${this.dropped} more lines not kept)`] : this.parts;
    return lines.length ? `${lines.join('\n')}\n` : '';
  }
}

type InteractorEnd = { ok: true; verdict: InteractorVerdict } | { ok: false; error: string };

/**
 * Plays one game: the program runs in the sandbox with its stdin and stdout connected to the
 * interactor, which runs here, in the judge, and decides the answer. The program's own failures
 * (TLE, including idleness, MLE, RE, OLE) come first, then the interactor's verdict; an interactor
 * that throws, stalls or overspends its generous budget is the judge's fault: IE.
 */
export async function playGame(
  sandbox: Sandbox,
  interactor: Interactor,
  input: string,
  limits: { timeMs: number },
  /** The interactor's computing budget; by default 10 s + 5 × the time limit. */
  interactorBudgetMs = defaultBudgetMs(limits),
  /** The test's answer, given to an interactor that reads one (a package's). */
  answer = '',
): Promise<GameOutcome> {
  const dialogue = new Dialogue();
  const lines: string[] = [];
  let head = 0;
  let partial = '';
  let programEnded = false;
  let interactorDone = false;
  // Who ended first: the program's run (its sandbox answered) or the interactor.
  let runOver = false;
  let interactorFirst = false;
  let waiter: ((line: string | null) => void) | null = null;
  let stdin: LiveStdin | null = null;
  // The interactor's computing time: from each resumption to its next read (or its end). Wall
  // time is what the program waits meanwhile; the budget counts this thread's CPU time, so a judge
  // starved of cores by a loaded machine does not make a sound interactor overspend it.
  let busyMs = 0;
  let busyCpuMs = 0;
  let resumedAt = 0;
  let resumedCpuMs = 0;
  const budgetMs = interactorBudgetMs;
  const account = () => {
    busyMs += performance.now() - resumedAt;
    busyCpuMs += ownCpuMs() - resumedCpuMs;
    stdin?.busy?.(false);
  };
  const resume = () => {
    resumedAt = performance.now();
    resumedCpuMs = ownCpuMs();
    stdin?.busy?.(true);
  };

  const deliver = () => {
    if (!waiter) return;
    let line: string | null;
    if (head < lines.length) {
      line = lines[head]!;
      lines[head++] = '';
    } else if (programEnded) line = null;
    else return;
    const w = waiter;
    waiter = null;
    resume();
    w(line);
  };

  const output = (text: string) => {
    partial += text;
    let at = partial.indexOf('\n');
    if (at < 0) return;
    let from = 0;
    for (; at >= 0; at = partial.indexOf('\n', from)) {
      const line = partial.charCodeAt(at - 1) === 13 ? partial.slice(from, at - 1) : partial.slice(from, at);
      dialogue.add('>', line);
      lines.push(line);
      from = at + 1;
    }
    partial = partial.slice(from);
    deliver();
  };

  const io: InteractorIO = {
    send(line: string) {
      if (interactorDone) return;
      const text = String(line);
      dialogue.add('<', text);
      if (!programEnded) stdin?.write(`${text}\n`);
    },
    read() {
      account();
      if (busyCpuMs > budgetMs) return Promise.reject(new Error(`the interactor computed for more than ${budgetMs} ms`));
      return new Promise<string | null>((resolve) => {
        waiter = resolve;
        deliver();
      });
    },
  };

  let interactorEnd!: Promise<InteractorEnd>;
  const startInteractor = () => {
    resume();
    interactorEnd = Promise.resolve()
      .then(() => interactor.interact(input, io, { answer }))
      .then(
        (verdict): InteractorEnd => {
          account();
          if (!verdict || (verdict.verdict !== 'AC' && verdict.verdict !== 'WA')) return { ok: false, error: `the interactor returned ${JSON.stringify(verdict)}` };
          return busyCpuMs > budgetMs ? { ok: false, error: `the interactor computed for ${Math.round(busyCpuMs)} ms, over its ${budgetMs} ms` } : { ok: true, verdict };
        },
        (e: unknown): InteractorEnd => ({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
      )
      .then((end) => {
        interactorDone = true;
        if (!runOver) interactorFirst = true;
        // As when a judge's interactor exits: the program's next read sees the end of input.
        stdin?.end();
        return end;
      });
  };

  if (!sandbox.play) {
    return { verdict: 'IE', message: 'judge error: this sandbox cannot run interactive programs', run: ieRun(), dialogue: '', interactor: null };
  }
  // Its failure to get ready is said by interact() itself, in the game.
  await interactor.prepare?.().catch(() => {});
  let run: RunResult;
  try {
    run = await sandbox.play({
      output,
      connect(s) {
        stdin = s;
        startInteractor();
      },
    });
  } catch (e) {
    run = { ...ieRun(), message: `judge error: ${e instanceof Error ? e.message : String(e)}` };
  }
  runOver = true;
  const interactorWasWaiting = waiter !== null && head >= lines.length;
  if (partial.length > 0) output('\n');
  programEnded = true;
  deliver();

  let end: InteractorEnd;
  let lateAfterProgram = false;
  if (!interactorEnd) end = { ok: false, error: 'the game never started' };
  else {
    let timer: NodeJS.Timeout | undefined;
    end = await Promise.race([
      interactorEnd,
      new Promise<InteractorEnd>((resolve) => {
        timer = setTimeout(() => {
          lateAfterProgram = true;
          resolve({ ok: false, error: `the interactor did not finish within ${AFTER_PROGRAM_MS} ms of the program's end` });
        }, AFTER_PROGRAM_MS);
      }),
    ]);
    clearTimeout(timer);
    interactorDone = true;
  }
  // A package's interactor still reading what a failed program wrote before it died (a program
  // that floods its output and is stopped): through a pipe it would have read at most a pipe's
  // worth and then its end; whatever it says after the program's end, the program's failure stands.
  if (!end.ok && interactor.validatorFirst && !interactorFirst && run.status !== 'ok' && run.status !== 'ie' && lateAfterProgram) {
    end = { ok: true, verdict: { verdict: 'WA', message: '' } };
  }

  const judgeMessage = end.ok ? end.verdict.judgeMessage : undefined;
  const base = { run: { ...run, stdout: '' }, dialogue: dialogue.text(), interactor: end.ok ? end.verdict : null, interactorFirst, ...(judgeMessage && { judgeMessage }) };
  if (!end.ok) return { ...base, verdict: 'IE', message: `judge error: the interactor failed: ${end.error}` };
  // The format's rule: a wrong answer decided before the program ended stands (whatever the program did then).
  if (interactor.validatorFirst && interactorFirst && end.verdict.verdict === 'WA') {
    const then = run.status === 'ok' ? '' : `The interactor ended first with a wrong answer; the program then ended as ${statusVerdict(run.status)}. `;
    return { ...base, verdict: 'WA', message: `${then}${end.verdict.message}` };
  }
  const idle = run.status === 'tle' && /idle/i.test(run.message ?? '');
  // The program stopped as idle while the interactor was still computing its answer: the judge's
  // fault. Not when the interactor had answered and was waiting for the program's next line: then
  // the program was idle on its own, however slowly a loaded machine let the interactor answer.
  // (Not for a package's interactor program: it computes in a box of its own, and the time here is only the relay's.)
  const interactorSlow = idle && !interactor.validatorFirst && !interactorWasWaiting && busyMs > limits.timeMs;
  // The run's own failure outranks what the interactor said (the verdict table's ranks).
  const verdict = worstOf(interactorSlow && 'IE', statusVerdict(run.status), end.verdict.verdict);
  if (interactorSlow) {
    return { ...base, verdict, message: `judge error: the interactor took ${Math.round(busyMs)} ms to answer, and the program was stopped as idle meanwhile` };
  }
  if (run.status === 'ok') return { ...base, verdict, message: end.verdict.message, ...(end.verdict.said && { said: end.verdict.said }) };
  if (verdict === 'TLE') {
    const note = idle && interactorWasWaiting ? ' The interactor was waiting for the program’s next line.' : '';
    return { ...base, verdict, message: `${run.message ?? 'Time limit exceeded.'}${note}`, ...(!note && run.said && { said: run.said }) };
  }
  return { ...base, verdict, message: run.message, ...(run.said && { said: run.said }) };
}

function ieRun(): RunResult {
  return { status: 'ie', exitCode: null, stdout: '', stderr: '', message: null, timeMs: 0, wallMs: 0, memoryKb: 0 };
}
