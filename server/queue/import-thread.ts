/**
 * Builds one problem package's stored form off the main thread: the package module, statements and
 * the test set with expected outputs from the fast reference. Runs in a worker so a half-written
 * package that hangs or eats memory can be stopped without taking the judge down.
 */
import { parentPort } from 'node:worker_threads';
import { loadProblem, loadReference } from '../problems/registry';
import { buildTestSet } from '../problems/testset';

export interface BuildRequest {
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

const port = parentPort;
if (port) {
  port.on('message', (req: BuildRequest) => {
    void build(req).then((reply) => port.postMessage(reply));
  });
}
