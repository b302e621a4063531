/**
 * How much unfinished work (queued or running) one person may have of each kind: past it a new job
 * is refused with 429 at once rather than queued. Per person, never class-wide, so one person
 * filling their cap never refuses anyone else (docs/security.md, "Fair turns").
 */
import type { Db } from '../storage/db';
import { kindModule } from './kinds/registry';
import type { JobKind } from './protocol';

export const PERSON_CAPS: { readonly [K in JobKind]: number } = {
  'sample-run': 4,
  invocation: 4,
  submission: 100,
  stress: 2,
  lab: 5,
  // A teacher's "draw the missing maps" on /class/mistakes queues up to this many at a time.
  'mistake-map': 10,
  // Never counted against a person: a rejudge's items are the rejudge's own (one per scope at a time).
  rejudge: Number.MAX_SAFE_INTEGER,
  // A teacher's problem drafts being checked (each runs every solution on every test).
  'problem-draft': 3,
  // A teacher's uploaded package zips waiting or being imported (each up to 64 MiB on disk).
  'problem-import': 2,
};

const NAMES: { readonly [K in JobKind]: string } = {
  'sample-run': 'sample runs',
  invocation: 'custom invocations',
  submission: 'submissions',
  stress: 'stress runs',
  lab: 'lab computations',
  'mistake-map': 'mistake maps',
  rejudge: 'rejudged submissions',
  'problem-draft': 'problem drafts being checked',
  'problem-import': 'problem imports',
};

/** The person key of new work, as PERSON (kinds/kind.ts) computes it for stored rows. */
export function personOf(owner: number | null, client: string): string {
  return owner === null ? client : `account:${owner}`;
}

/** The refusal sentence when the person is at their cap for the kind, else null. */
export function personCapRefusal(db: Db, kind: JobKind, person: string): string | null {
  const k = kindModule(kind);
  const { n } = db.prepare(`SELECT COUNT(*) AS n FROM ${k.table} WHERE ${k.unfinished} AND ${k.person} = ?`).get(person) as { n: number };
  const cap = PERSON_CAPS[kind];
  if (n < cap) return null;
  return `You already have ${n} ${NAMES[kind]} waiting or running (at most ${cap} per person); try again when one has finished.`;
}

/**
 * Finished work a person keeps, for the kinds whose rows hold a program's output (custom
 * invocations up to 1 MiB each, sample runs): past it their oldest finished rows are removed when
 * they start a new one, so storage per person is bounded without ever refusing them.
 */
export const PERSON_KEEPS: { readonly [K in JobKind]?: number } = {
  invocation: 100,
  'sample-run': 100,
};

/** Removes the person's finished rows of the kind beyond PERSON_KEEPS (newest kept); how many went. */
export function trimKeptWork(db: Db, kind: JobKind, person: string): number {
  const keep = PERSON_KEEPS[kind];
  if (keep === undefined) return 0;
  const k = kindModule(kind);
  return db
    .prepare(
      `DELETE FROM ${k.table} WHERE status = 'done' AND ${k.person} = @person AND id NOT IN
         (SELECT id FROM ${k.table} WHERE status = 'done' AND ${k.person} = @person ORDER BY id DESC LIMIT @keep)`,
    )
    .run({ person, keep }).changes;
}
