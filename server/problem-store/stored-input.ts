import { createBoundedCompiler } from '../compile/bounded-compiler';
import { limitsOf } from '../judge/judge-one';
import type { Db } from '../storage/db';
import { getProblemHeader } from '../storage/problems';
import { referenceAnswer } from '../stress/oracle';
import { storedInputCheck } from './input-shape';
import { sandboxedReference, storedReferenceOf } from './sandboxed-reference';
import { getStoredProblem } from './store';

export type StoredInputCheck = { ok: true; expected: string | null } | { ok: false; invalid: { line: number; message: string } } | { ok: false; failed: string };

/**
 * A typed input of a stored problem (a custom invocation's, a saved test's): checked for its shape
 * (input-shape.ts) and, with `answer`, answered by the stored reference compiled in a compiler
 * thread of its own and run in a sandbox of its own, never on the HTTP thread. Null: not a stored
 * problem (the import thread checks built-in ones). One answer at a time for the whole server: each
 * starts a compiler thread.
 */
export async function checkStoredInput(db: Db, slug: string, input: string, answer: boolean): Promise<StoredInputCheck | null> {
  const stored = getStoredProblem(db, slug);
  const header = stored && getProblemHeader(db, slug);
  if (!stored || !header) return null;
  const valid = storedInputCheck(stored.data.caseLayout)(input);
  if (!valid.ok) return { ok: false, invalid: { line: valid.line, message: valid.message } };
  if (!answer) return { ok: true, expected: null };
  const ref = storedReferenceOf(stored.data);
  if (!ref.ok) return { ok: false, failed: `${slug} has no reference solution the judge can run` };
  return oneAtATime(async () => {
    const compiler = createBoundedCompiler();
    const reference = sandboxedReference(ref, limitsOf(header), compiler);
    try {
      const got = await referenceAnswer(input, reference, null);
      return got.ok ? { ok: true, expected: got.expected } : { ok: false, failed: got.message };
    } finally {
      await reference.close();
      await compiler.close();
    }
  });
}

let chain: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = chain.then(work);
  chain = next.catch(() => {});
  return next;
}
