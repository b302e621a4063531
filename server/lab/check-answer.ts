/**
 * The lab host's check of what a lab program printed. The program runs student code in the
 * sandbox, and student code can print an answer of its own and exit: nothing in the answer is
 * believed until it matches the request (dimensions, the requested range, one value per state,
 * values an SG table can hold, short names, bounded options).
 */
import { z } from 'zod';
import { isMessageId } from '../text/messages';
import { LabError } from './errors';
import type { DriverAnswer, DriverRequest } from './sandbox-driver';
import { MAX_BOUND } from './take-and-break';

/** Longest parameter name shown in a table header. */
export const MAX_PARAM_NAME = 40;
/** Longest error sentence from the lab program that is shown. */
const MAX_ERROR = 4_000;

const int = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const tuple = z.array(int).min(1).max(3);
const value = z.union([int, z.enum(['W', 'L', 'D'])]);

/** A message id and its arguments (server/text/messages.ts): only ids of the table pass. */
const saidSchema = z.object({ id: z.string().refine(isMessageId, 'an unknown message id'), args: z.array(z.string().max(MAX_ERROR)).max(8) }).strict();

const conjectureSchema = z
  .object({
    holds: z.boolean(),
    checked: int,
    state: tuple.nullable(),
    // What the conjecture said is student data: a short JSON value, checked for size below.
    expected: z.unknown(),
    got: z.unknown(),
    problem: z.string().max(MAX_ERROR).nullable(),
    problemSaid: saidSchema.optional(),
    options: z.array(z.object({ components: z.array(tuple), value })).nullable(),
  })
  .strict();

const okSchema = z
  .object({
    ok: z.literal(true),
    dims: z.number().int().min(1).max(3),
    paramNames: z.array(z.string().min(1).max(MAX_PARAM_NAME)),
    from: z.array(int),
    to: z.array(int),
    // Checked by hand below: a million entries through zod would cost seconds.
    values: z.array(z.unknown()).nullable(),
    loopy: z.boolean(),
    cycleAt: tuple.nullable(),
    visited: int,
    conjecture: conjectureSchema.nullable(),
    options: z.array(z.unknown()).nullable(),
    bound: z.number().int().min(1).max(MAX_BOUND).nullable(),
  })
  .strict();

const answerSchema = z.union([okSchema, z.object({ ok: z.literal(false), error: z.string().min(1).max(MAX_ERROR), said: saidSchema.optional() }).strict()]);

type OkAnswer = Extract<DriverAnswer, { ok: true }>;

function refuse(why: string): never {
  throw new LabError(`The lab program's answer does not match the request (${why}); a game's code must not print its own answer.`);
}

function isValue(v: unknown, loopy: boolean): boolean {
  return loopy ? v === 'W' || v === 'L' || v === 'D' : typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= Number.MAX_SAFE_INTEGER;
}

function checkTable(a: OkAnswer, req: DriverRequest): void {
  const { dims, from, to } = a;
  if (a.paramNames.length !== dims || from.length !== dims || to.length !== dims) refuse(`a state has ${dims} parameters but ${a.paramNames.length} names and bounds of ${from.length} and ${to.length}`);
  const top = req.to ?? req.defaultTo;
  let states = 1;
  for (let d = 0; d < dims; d++) {
    // The driver's range is [min, min(max(top, min), max)] per parameter.
    if (to[d]! < from[d]! || to[d]! > Math.max(top, from[d]!)) refuse(`the range ${from[d]}..${to[d]} is not within the requested bound ${top}`);
    states *= to[d]! - from[d]! + 1;
  }
  if (states > req.stateCap) refuse(`${states} states, over the cap of ${req.stateCap}`);
  const values = a.values;
  if (!values || values.length !== states) refuse(`${values?.length ?? 0} values for ${states} states`);
  for (let i = 0; i < values.length; i++) if (!isValue(values[i], a.loopy)) refuse(`value ${i + 1} is ${JSON.stringify(values[i])?.slice(0, 40)}`);
  if (a.cycleAt && a.cycleAt.length !== dims) refuse('the cycle state has the wrong dimension');
  if (a.visited < states) refuse(`${a.visited} states visited for a table of ${states}`);
  if (a.options) checkOptions(a.options, states, dims, a.loopy, req);
  // The driver accepts a bound only for one heap from 0, whose moves all remove tokens (no cycle).
  if (a.bound !== null && (dims !== 1 || from[0] !== 0 || a.loopy)) refuse('a declared bound on a game that is not one heap from n = 0');
}

function checkOptions(options: unknown[], states: number, dims: number, loopy: boolean, req: DriverRequest): void {
  if (states > req.optionsStates || options.length !== states) refuse('options for a table of the wrong size');
  let components = 0;
  for (const list of options) {
    if (!Array.isArray(list)) refuse('an option list that is not a list');
    for (const o of list as unknown[]) {
      const opt = o as { components?: unknown; value?: unknown };
      if (typeof o !== 'object' || o === null || !Array.isArray(opt.components) || !isValue(opt.value, loopy)) refuse('an option that is not {components, value}');
      for (const c of opt.components as unknown[]) {
        if (!Array.isArray(c) || c.length !== dims || !c.every((x) => isValue(x, false))) refuse('an option component that is not a state');
        if (++components > req.optionsComponents) refuse(`over ${req.optionsComponents} option components`);
      }
    }
  }
}

/** The answer if it is one the request can have; a LabError with a sentence otherwise. */
export function checkAnswer(raw: unknown, req: DriverRequest): DriverAnswer {
  const parsed = answerSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    refuse(`${issue.path.join('.') || 'the answer'}: ${issue.message}`);
  }
  const a = parsed.data as DriverAnswer;
  if (!a.ok) return a;
  if (a.conjecture && JSON.stringify([a.conjecture.expected, a.conjecture.got]).length > MAX_ERROR) refuse('the conjecture\'s answer is too long to show');
  if (req.mode === 'table') checkTable(a, req);
  else if (a.values !== null || a.options !== null || a.bound !== null || !a.conjecture || a.conjecture.checked > (req.states?.length ?? 0)) refuse('a conjecture check that is not one');
  return a;
}
