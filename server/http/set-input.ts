/**
 * What a teacher sends to make or change a homework set, checked the same for the JSON API and the
 * form: a name of 1 to 100 characters, 1 to 50 known problems (slugs) each once, and optional
 * opening and closing times (ISO 8601 text, or whole milliseconds since 1970).
 */
import { z } from 'zod';
import type { ProblemSet } from '../storage/problem-sets';
import { badRequest } from './errors';

export const MAX_SET_PROBLEMS = 50;

const time = z.union([z.string().max(100), z.number(), z.null()]);
const setFields = z.object({
  name: z.string().max(1000),
  problems: z.array(z.string().max(200)).max(1000),
  opensAt: time,
  closesAt: time,
});

export type SetChange = Partial<Omit<ProblemSet, 'id' | 'createdAt'>>;

function timeOf(raw: string | number | null, field: string): number | null {
  if (raw === null || raw === '') return null;
  const ms = typeof raw === 'number' ? raw : Date.parse(raw);
  // Whole milliseconds only: 1.5 is no time (and the column holds integers).
  if (!Number.isSafeInteger(ms) || ms < 0 || ms > 8.64e15) throw badRequest(`The field "${field}" must be a date and time (ISO 8601, e.g. 2026-03-06T18:00:00+08:00, or whole milliseconds since 1970).`);
  return ms;
}

/**
 * The checked change; `whole`: every field a new set needs. `current`: the set being changed, so
 * the times are checked together with the ones not sent.
 */
export function checkSetInput(body: unknown, known: ReadonlySet<string>, whole: boolean, current?: ProblemSet): SetChange {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Send a JSON object with the set\'s fields (name, problems, opensAt, closesAt).');
  const parsed = (whole ? setFields.partial({ opensAt: true, closesAt: true }) : setFields.partial()).strict().safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    if (issue?.code === 'unrecognized_keys') throw badRequest(`A set has only the fields name, problems, opensAt and closesAt (not "${String(issue.keys[0]).slice(0, 40)}").`);
    if (field === 'problems') throw badRequest(`The field "problems" must list 1 to ${MAX_SET_PROBLEMS} problem slugs.`);
    if (field === 'name') throw badRequest('The field "name" must be text of 1 to 100 characters.');
    throw badRequest(`The field "${field || 'body'}" is missing or malformed.`);
  }
  const d = parsed.data;
  const change: SetChange = {};
  if (d.name !== undefined) {
    const name = d.name.trim();
    if (name.length < 1 || name.length > 100) throw badRequest('A set\'s name is 1 to 100 characters.');
    change.name = name;
  }
  if (d.problems !== undefined) {
    const problems = d.problems.map((p) => p.trim()).filter(Boolean);
    if (problems.length < 1 || problems.length > MAX_SET_PROBLEMS) throw badRequest(`A set has 1 to ${MAX_SET_PROBLEMS} problems.`);
    const unknown = problems.filter((p) => !known.has(p));
    if (unknown.length) throw badRequest(`There is no problem ${unknown.slice(0, 5).map((p) => `"${p.slice(0, 60)}"`).join(', ')}; choose problems from the list.`);
    if (new Set(problems).size !== problems.length) throw badRequest('A set lists each problem once.');
    change.problems = problems;
  }
  if (d.opensAt !== undefined) change.opensAt = timeOf(d.opensAt, 'opensAt');
  if (d.closesAt !== undefined) change.closesAt = timeOf(d.closesAt, 'closesAt');
  if (whole && change.name === undefined) throw badRequest('The field "name" must be text of 1 to 100 characters.');
  if (whole && change.problems === undefined) throw badRequest(`The field "problems" must list 1 to ${MAX_SET_PROBLEMS} problem slugs.`);
  const opensAt = change.opensAt !== undefined ? change.opensAt : (current?.opensAt ?? null);
  const closesAt = change.closesAt !== undefined ? change.closesAt : (current?.closesAt ?? null);
  if (opensAt !== null && closesAt !== null && closesAt <= opensAt) throw badRequest('A set must close after it opens.');
  return change;
}

/** A time for a datetime-local field: the server's local time, as the pages show times. */
export function localInputValue(ms: number | null): string {
  if (ms === null) return '';
  const d = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
