import { z } from 'zod';
import { MAX_SOURCE_BYTES } from '../compile/source-limit';
import { SLUG_PATTERN } from '../problems/registry';
import { problemReadiness, STILL_BUILDING } from '../problems/readiness';
import type { Db } from '../storage/db';
import { getProblemHeader } from '../storage/problems';
import { badRequest, HttpError, notFound } from './errors';
import { said } from '../text/messages';
import type { Response } from 'express';
import { requireProblemSight } from './problem-sight';

// Sources above 64 KiB (of UTF-8) are refused with 413, as on Codeforces: the compiler's own limit.
export { MAX_SOURCE_BYTES };

export const submissionSchema = z.object({
  problem: z.string().min(1),
  source: z.string(),
});

/** A sentence naming the first thing wrong with a submission body. */
export function describeSchemaError(error: z.ZodError, body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return 'The request body must be a JSON object like {"problem": "nim", "source": "..."}.';
  }
  const issue = error.issues[0]!;
  const field = String(issue.path[0] ?? 'body');
  const value = (body as Record<string, unknown>)[field];
  if (value === undefined) return `The field "${field}" is missing.`;
  if (issue.code === 'too_small') return `The field "${field}" must not be empty.`;
  return `The field "${field}" must be a string, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}.`;
}

/**
 * Checks a submission the same way for the API and the web form: size (413), text that is not
 * plausible source code (400), and a problem that must exist for this person (404: a problem held
 * for a round they may not see yet answers as a missing one). Returns the problem's slug.
 */
export function checkSubmission(db: Db, res: Response, problem: string, source: string): string {
  const bytes = Buffer.byteLength(source, 'utf8');
  if (bytes > MAX_SOURCE_BYTES) {
    throw new HttpError(413, `The source is ${bytes} bytes; the limit is ${MAX_SOURCE_BYTES} bytes (64 KiB).`);
  }
  if (source.includes('\0')) throw badRequest('The source contains NUL bytes; submit a UTF-8 text file, not a binary.');
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(source)) {
    throw badRequest('The source contains unpaired surrogate escapes and is not valid Unicode text.');
  }
  if (source.trim() === '') throw badRequest('The source is empty.');
  // A problem held for a round this person may not see yet is a missing one.
  requireProblemSight(db, res, problem);
  // Refused before anything is stored: a problem being built has no tests to judge against yet.
  if (problemReadiness.isBuilding(problem)) throw new HttpError(503, STILL_BUILDING);
  if (!SLUG_PATTERN.test(problem) || !getProblemHeader(db, problem)) {
    throw notFound(said('error.no-problem', clip(problem)));
  }
  return problem;
}

function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

/** A problem slug from a URL, checked: 404 with a sentence when there is no such problem. */
export function checkProblemSlug(db: Db, res: Response, slug: string): string {
  requireProblemSight(db, res, slug);
  if (problemReadiness.isBuilding(slug)) throw new HttpError(503, STILL_BUILDING);
  if (!SLUG_PATTERN.test(slug) || !getProblemHeader(db, slug)) throw notFound(said('error.no-problem', clip(slug)));
  return slug;
}
