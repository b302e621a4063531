/**
 * Where a program run in the judge's sandbox behaves differently from the same compiled program run
 * by plain `node`, and why. This list is the single source of the README's "Differences from plain
 * Node" section; the differential test (test/sandbox/differential.test.ts) runs every program of
 * its corpus both ways and fails on a difference missing here, and on an entry here that no longer
 * differs, so the list stays true.
 */
export type Part = 'stdout' | 'stderr' | 'exit';

export interface Difference {
  /** The corpus program, a file name under test/fixtures/differential/. */
  program: string;
  /** The parts of the run that differ. */
  parts: Part[];
  /** What a user would notice, in a sentence. */
  what: string;
  /** Why the judge does it this way. */
  why: string;
}

export const DIFFERENCES: Difference[] = [
  {
    program: 'modules-require.ts',
    parts: ['stdout'],
    what: "`require('child_process')` (and `http`, `net`, `worker_threads` and every other module that reaches outside the process) throws an error with code `ERR_ACCESS_DENIED`.",
    why: 'A submission may compute and print, nothing else: the judge offers only the modules a contest program needs (fs for standard input, readline, events, util, assert, buffer, string_decoder, timers, perf_hooks).',
  },
  {
    program: 'print-buffer.ts',
    parts: ['stdout'],
    what: 'A Buffer inside an array or object prints as `Buffer(3) [Uint8Array] [ 1, 2, 3 ]` rather than `<Buffer 01 02 03>`; a Buffer passed to console.log itself prints as in Node.',
    why: "Values are printed by Node's own util.inspect with custom inspectors off, so that no code of the program runs inside the judge's formatter; Node draws nested Buffers through such an inspector.",
  },
  {
    program: 'util-inspect-custom.ts',
    parts: ['stdout'],
    what: 'A `[util.inspect.custom]` method is not called: console.log shows the object\'s own fields (`toString` and `toJSON` work as usual).',
    why: "The same reason: printing never runs the program's code inside the judge's formatter.",
  },
  {
    program: 'timers-tick-from-promise.ts',
    parts: ['stdout'],
    what: 'A `process.nextTick` callback queued from inside a promise callback runs before microtasks queued after it, where Node runs it once the whole microtask queue is empty. Ticks queued from ordinary code (the main body, a timer, an input event) run in exactly Node\'s order.',
    why: "Node drains its tick queue from its own event loop after V8's microtask checkpoint; the sandbox's program shares the microtask queue with the judge's worker and has no hook after that checkpoint.",
  },
  {
    program: 'util-types-proxy.ts',
    parts: ['stdout'],
    what: '`util.types.isProxy` always answers false.',
    why: 'Only the engine can tell a Proxy from its target, and the judge does not hand the program an engine-level function for it.',
  },
];

/** The README section: a Markdown table of the list, one row per difference. */
export function differencesMarkdown(list: readonly Difference[] = DIFFERENCES): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const rows = list.map((d) => `| \`${d.program}\` | ${d.parts.join(', ')} | ${cell(d.what)} | ${cell(d.why)} |`);
  return ['| Program | Differs in | What differs | Why |', '| --- | --- | --- | --- |', ...rows].join('\n');
}
