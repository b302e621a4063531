import { z } from 'zod';
import { VERDICTS } from '../judge/verdicts';
import { SLUG_PATTERN } from '../problems/registry';
import type { Db } from '../storage/db';
import { getProblemHeader } from '../storage/problems';
import type { Response } from 'express';
import { seesProblem } from './problem-sight';
import type { SubmissionFilter } from '../storage/submissions';
import { badRequest, notFound } from './errors';
import { said } from '../text/messages';

/** An empty value (`?problem=`) means "no filter", as forms send it. */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const filterSchema = z.object({
  problem: optionalText,
  verdict: z.preprocess((v) => (v === '' ? undefined : v), z.enum(VERDICTS).optional()),
});

/** The problem/verdict filter of a submissions list, from a query string. */
export function parseSubmissionFilter(db: Db, res: Response, query: unknown): SubmissionFilter {
  const parsed = filterSchema.safeParse(query);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]!.path[0]);
    const value = (query as Record<string, unknown>)[field];
    if (Array.isArray(value)) throw badRequest(`Give the "${field}" filter at most once.`);
    if (field === 'verdict') throw badRequest(`The verdict filter must be one of ${VERDICTS.join(', ')}.`);
    throw badRequest(`The "${field}" filter is malformed.`);
  }
  const { problem, verdict } = parsed.data;
  if (problem !== undefined && (!SLUG_PATTERN.test(problem) || !seesProblem(db, res, problem) || !getProblemHeader(db, problem))) {
    throw notFound(said('error.no-problem', problem.slice(0, 60)));
  }
  return { problem, verdict };
}

/** A positive integer from a query parameter, or the fallback when absent. */
export function parseCount(query: Record<string, unknown>, name: string, fallback: number, min: number, max: number): number {
  const raw = query[name];
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw badRequest(`"${name}" must be an integer from ${min} to ${max}.`);
  }
  return Number(raw);
}

/** A submission id from a path: decimal digits, positive, within SQLite's integer range. */
export function parseSubmissionId(raw: string): number | null {
  if (!/^[1-9]\d{0,14}$/.test(raw)) return null;
  return Number(raw);
}
