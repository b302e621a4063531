/**
 * Runs a problem package's own code off the main thread: building its stored form (the package
 * module, statements, the test set with expected outputs from the fast reference) and checking a
 * user's input (the validator, then the fast reference's answer). Runs in a worker so a half-written
 * package or a slow reference can be stopped, and never stalls the pages.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { problemTools } from '../problems/problem-tools';
import { loadProblem, loadReference } from '../problems/registry';
import { buildTestSet } from '../problems/testset';
import { setThreadNice } from '../platform/thread-priority';
import { THREAD_READY } from '../platform/request-thread';

export interface BuildRequest {
  type: 'build';
  slug: string;
  /** Inputs of the problem's user-added tests: their expected outputs are recomputed too. */
  userInputs: string[];
}

export type BuildReply =
  | {
      slug: string;
      ok: true;
      problem: {
        titleEn: string;
        titleZh: string;
        source: string;
        statementEn: string;
        statementZh: string;
        timeLimitMs: number;
        memoryLimitMb: number;
      };
      tests: { kind: 'sample' | 'edge' | 'random'; label: string; input: string; expected: string }[];
      userExpected: string[];
    }
  | { slug: string; ok: false; error: string };

/** A user's input for a problem: valid? and, when asked, the fast reference's answer to it. */
export interface CheckRequest {
  type: 'check';
  slug: string;
  input: string;
  answer: boolean;
}

export type CheckReply =
  | { ok: true; expected: string | null }
  | { ok: false; invalid: { line: number; message: string } }
  | { ok: false; error: string };

export type ImportThreadRequest = BuildRequest | CheckRequest;

/** Messages carry a number so replies find their request. */
export interface Envelope<T> {
  rid: number;
  body: T;
}

async function build({ slug, userInputs }: BuildRequest): Promise<BuildReply> {
  try {
    const problem = await loadProblem(slug);
    const { pkg } = problem;
    const fast = await loadReference(slug, 'fast');
    const tests = buildTestSet(problem, fast);
    if (tests.length === 0) throw new Error('the package produces no tests');
    for (const t of tests) {
      if (typeof t.expected !== 'string') throw new Error(`reference/${slug}/fast.ts returned no string for ${t.label}`);
    }
    return {
      slug,
      ok: true,
      problem: {
        titleEn: pkg.title.en,
        titleZh: pkg.title.zh,
        source: pkg.source,
        statementEn: problem.statement.en,
        statementZh: problem.statement.zh,
        timeLimitMs: pkg.limits.timeMs,
        memoryLimitMb: pkg.limits.memoryMb,
      },
      tests,
      userExpected: userInputs.map((input) => fast.solve(input)),
    };
  } catch (e) {
    return { slug, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

async function check({ slug, input, answer }: CheckRequest): Promise<CheckReply> {
  try {
    const { problem, fast } = await problemTools(slug);
    const verdict = problem.pkg.validate(input);
    if (!verdict.ok) return { ok: false, invalid: { line: verdict.line, message: verdict.message } };
    if (!answer) return { ok: true, expected: null };
    const expected = fast.solve(input);
    if (typeof expected !== 'string') return { ok: false, error: `reference/${slug}/fast.ts returned no string` };
    return { ok: true, expected };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

// Package code runs at the judge's priority, not the HTTP thread's, even when a page started it.
const nice = (workerData as { nice?: number | null } | null)?.nice;
if (typeof nice === 'number') setThreadNice(nice);

const port = parentPort;
if (port) {
  port.on('message', ({ rid, body }: Envelope<ImportThreadRequest>) => {
    const work: Promise<BuildReply | CheckReply> = body.type === 'build' ? build(body) : check(body);
    void work.then((reply) => port.postMessage({ rid, body: reply } satisfies Envelope<BuildReply | CheckReply>));
  });
  port.postMessage(THREAD_READY);
}
