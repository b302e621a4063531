/**
 * How one problem is judged, resolved once per job: every job kind (a submission, a rejudge, a
 * sample run, a custom invocation, a stress run, a mistake map) and `npm run judge` take this one
 * value instead of asking, each in its own way, whether the problem is built in, imported or a
 * published draft (DMOJ's `grader_class`). What differs between the three shapes is decided here:
 *
 * - limits: the stored header's time and memory (copied from the package at import or publish), for
 *   the student's program in every job kind, and the base of every derived limit;
 * - check: a stored problem's own output check (token options, an output validator, a validator
 *   program); undefined for a built-in, which the token checker judges;
 * - interactor: a built-in's `reference/<slug>/interactor.ts`, or a stored package's interactor in a
 *   sandbox of its own; undefined for an ordinary problem;
 * - reference: what answers an input that is not a stored test (a custom run's, a stress case's):
 *   a built-in's fast reference, a stored problem's first accepted TypeScript or JavaScript
 *   solution in a sandbox of its own; an interactive stored problem has none (its accepted
 *   solutions are players, and the game decides);
 * - cases: where stress cases come from: a built-in's package (fast-check generator, shrink tree,
 *   brute-force cross-check) or a stored problem's generator in a sandbox;
 * - layout: input of T cases of fixed lines (server/problems/case-layout.ts), or null.
 *
 * Making one is cheap: one or two reads of small rows and nothing started; a sandbox (an output
 * validator's, an interactor's, a reference's, a generator's) starts on first use and `close` frees
 * it, so a job closes the value when it ends.
 */
import type { Compiler } from '../compile/types';
import { checkOf } from '../problem-store/check';
import { sandboxedGenerator, type SandboxedGenerator } from '../problem-store/sandboxed-generator';
import { sandboxedReference, storedReferenceOf, type SandboxedReference } from '../problem-store/sandboxed-reference';
import { getStoredProblem } from '../problem-store/store';
import type { StoredChecker } from '../problem-store/types';
import { CASE_LAYOUTS, type CaseLayout } from '../problems/case-layout';
import { interactorFor } from '../problems/interactive';
import { problemTools, type ProblemTools } from '../problems/problem-tools';
import type { Interactor, Limits } from '../problems/types';
import { prepared, type Db } from '../storage/db';
import { getProblemHeader } from '../storage/problems';
import type { Reference } from '../stress/oracle';
import { limitsOf } from '../judge/judge-one';
import type { GradeRequest } from '../judge/grader';
import type { OutputCheck } from '../judge/output-check';

/** Where a problem came from: problems/<slug>/, a package imported from outside, or a teacher's published draft. */
export type ProblemShape = 'built-in' | 'imported' | 'draft';

/** Where a stress run's cases come from. */
export type CaseSource =
  /** A built-in package: its fast-check generator (with a shrink tree), its fast and brute-force references. */
  | { kind: 'package'; tools: ProblemTools }
  /** A stored problem: its generator and its reference, each in a sandbox of its own (closed with the judging). */
  | { kind: 'stored'; generator: SandboxedGenerator; reference: SandboxedReference };

export type Missing = { ok: false; missing: string };

export interface Judging {
  readonly slug: string;
  readonly shape: ProblemShape;
  /** The stored header's limits: every job kind runs the student's program under these. */
  readonly limits: Limits;
  /** How an output is compared; undefined: the token checker (a built-in problem). */
  readonly check?: OutputCheck;
  /** Interactive problems: each test is a game against it (`check` is not asked). */
  readonly interactor?: Interactor;
  /** Input of T cases of fixed lines, or null. */
  readonly layout: CaseLayout | null;
  /** What answers an input that is not a stored test, or the sentence saying why nothing does. */
  reference(): Promise<{ ok: true; reference: Reference } | Missing>;
  /** What stress cases are made from, or the sentence saying why stress tests are off. */
  cases(): Promise<{ ok: true; source: CaseSource } | Missing>;
  /** Frees every sandbox this value started; call once the job is done. */
  close(): Promise<void>;
}

/** What the grader (grader.ts) takes of a problem's judging: every graded job and the CLI grade alike. */
export function gradedBy(judging: Judging): Pick<GradeRequest, 'limits' | 'interactor' | 'check'> {
  return { limits: judging.limits, interactor: judging.interactor, check: judging.check };
}

/**
 * The judging of a problem as the judge holds it now, or undefined when it has no header (removed,
 * an unpublished draft, never imported).
 */
export async function judgingFor(db: Db, slug: string, deps: { compiler: Compiler }): Promise<Judging | undefined> {
  const header = getProblemHeader(db, slug);
  if (!header) return undefined;
  const limits = limitsOf(header);
  const stored = storedRow(db, slug);
  return stored ? storedJudging(db, slug, stored, limits, deps.compiler) : builtInJudging(slug, limits);
}

async function builtInJudging(slug: string, limits: Limits): Promise<Judging> {
  const interactor = (await interactorFor(slug)) ?? undefined;
  return {
    slug,
    shape: 'built-in',
    limits,
    ...(interactor && { interactor }),
    layout: CASE_LAYOUTS[slug] ?? null,
    reference: async () => ({ ok: true, reference: (await problemTools(slug)).fast }),
    cases: async () => ({ ok: true, source: { kind: 'package', tools: await problemTools(slug) } }),
    close: async () => {},
  };
}

interface StoredRow {
  checker: StoredChecker;
  caseLayout: CaseLayout | null;
  draft: boolean;
}

/**
 * Only what every job needs, not the whole package (its solution sources can be large): one
 * json_extract of two paths reads the package's JSON once.
 */
function storedRow(db: Db, slug: string): StoredRow | undefined {
  const row = prepared(
    db,
    `SELECT json_extract(s.package, '$.checker', '$.caseLayout') AS parts,
       EXISTS (SELECT 1 FROM problem_drafts d WHERE d.slug = s.slug AND d.published_at IS NOT NULL) AS draft
     FROM stored_problems s WHERE s.slug = ?`,
  ).get(slug) as { parts: string; draft: number } | undefined;
  if (!row) return undefined;
  const [checker, caseLayout] = JSON.parse(row.parts) as [StoredChecker, CaseLayout | null];
  return { checker, caseLayout: caseLayout ?? null, draft: row.draft === 1 };
}

function storedJudging(db: Db, slug: string, row: StoredRow, limits: Limits, compiler: Compiler): Judging {
  // The interactor's budget is sized by the problem's limit.
  const own = checkOf(row.checker, compiler, limits);
  const opened: { close(): Promise<void> }[] = [own];
  let reference: Promise<{ ok: true; reference: SandboxedReference } | Missing> | null = null;
  const noReference: Missing = { ok: false, missing: `${slug} has no reference solution the judge can run` };
  const storedReference = (): Promise<{ ok: true; reference: SandboxedReference } | Missing> =>
    (reference ??= (async () => {
      // An interactive problem's accepted solutions are players: run alone, they would answer nothing.
      if (own.interactor) return noReference;
      const stored = getStoredProblem(db, slug);
      const ref = stored && storedReferenceOf(stored.data);
      if (!ref?.ok) return noReference;
      const made = sandboxedReference(ref, limits, compiler);
      opened.push(made);
      return { ok: true, reference: made };
    })());
  let generator: SandboxedGenerator | null = null;
  return {
    slug,
    shape: row.draft ? 'draft' : 'imported',
    limits,
    check: own.check,
    ...(own.interactor && { interactor: own.interactor }),
    layout: row.caseLayout,
    reference: storedReference,
    cases: async () => {
      const off: Missing = { ok: false, missing: `${slug} has no generator or no runnable reference any more: stress tests are off for it.` };
      const source = (prepared(db, 'SELECT generator FROM stored_problems WHERE slug = ?').get(slug) as { generator: string | null } | undefined)?.generator ?? null;
      if (source === null) return off;
      const ref = await storedReference();
      if (!ref.ok) return off;
      if (!generator) {
        generator = sandboxedGenerator(source, compiler);
        opened.push(generator);
      }
      return { ok: true, source: { kind: 'stored', generator, reference: ref.reference } };
    },
    close: async () => {
      await Promise.all(opened.map((o) => o.close()));
    },
  };
}
