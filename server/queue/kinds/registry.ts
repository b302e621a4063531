/**
 * Every kind of job the judge threads take, and what the main thread needs to queue, claim, store
 * and recover each (how a thread runs one is in thread-runners.ts, so this side never loads the
 * compiler or the sandbox). Adding a kind: a module beside these, a line here and one in
 * thread-runners.ts, and its messages in protocol.ts.
 */
import type { FromThread, JobKind, JobMessage, JobMessageType } from '../protocol';
import { invocationKind } from './invocation';
import type { JobKindModule } from './kind';
import { labKind } from './lab';
import { mistakeMapKind } from './mistake-map';
import { rejudgeKind } from './rejudge';
import { problemDraftKind } from './problem-draft';
import { problemImportKind } from './problem-import';
import { sampleRunKind } from './sample-run';
import { stressKind } from './stress';
import { submissionKind } from './submission';

export const JOB_KINDS: { readonly [K in JobKind]: JobKindModule<K> } = {
  submission: submissionKind,
  stress: stressKind,
  invocation: invocationKind,
  lab: labKind,
  'sample-run': sampleRunKind,
  'mistake-map': mistakeMapKind,
  rejudge: rejudgeKind,
  'problem-draft': problemDraftKind,
  'problem-import': problemImportKind,
};

export function kindModule(kind: JobKind): JobKindModule {
  return JOB_KINDS[kind];
}

/** The kinds in claim order (on the embedded queue and as BullMQ priorities). */
export const KINDS_BY_PRIORITY: readonly JobKindModule[] = Object.values(JOB_KINDS).sort((a, b) => a.priority - b.priority);

const KIND_OF_MESSAGE = new Map<JobMessageType, JobKind>(Object.values(JOB_KINDS).flatMap((k) => k.messages.map((t) => [t, k.kind] as const)));

/** The kind of job a message from a thread is about (null for the thread's own life cycle). */
export function jobKindOf(m: FromThread): JobKind | null {
  return m.type === 'ready' || m.type === 'closed' || m.type === 'yielded' ? null : (KIND_OF_MESSAGE.get(m.type) ?? null);
}

/** Whether the message ends its job. */
export function isFinal(m: FromThread): m is JobMessage {
  const kind = jobKindOf(m);
  return kind !== null && JOB_KINDS[kind].final === m.type;
}

export function isJobKind(text: string): text is JobKind {
  return Object.hasOwn(JOB_KINDS, text);
}
