import { describe, expect, it } from 'vitest';
import { show, useJudge } from './harness';

/**
 * Every run starts in a fresh context, and the built-in modules a program requires are built in
 * that context on first use: whatever a run does to them, to the globals or to the built-in
 * prototypes, the next run of the same loaded program (a test, a stress case) does not see it.
 */

// Each run reports what it finds already patched, then patches everything it can reach.
const PATCHER = `
const req = require as (id: string) => any;
const fs = req('fs');
const input = fs.readFileSync(0, 'utf8');
const names = ['fs', 'fs/promises', 'readline', 'events', 'util', 'util/types', 'buffer', 'string_decoder', 'assert', 'timers', 'timers/promises', 'perf_hooks', 'console', 'process'];
const found: string[] = [];
for (const name of names) {
  const m = req(name);
  if (m.__patched) found.push(name);
  try { m.__patched = true; } catch {}
}
const g = globalThis as any;
if (g.__patched) found.push('globalThis');
if ((Array.prototype as any).__patched) found.push('Array.prototype');
if ((Buffer.prototype as any).__patched) found.push('Buffer.prototype');
if ((req('events').prototype as any).__patched) found.push('EventEmitter.prototype');
if (req('util').inspect.__patched) found.push('util.inspect');
if (String(fs.readFileSync).includes('patched')) found.push('fs.readFileSync');
g.__patched = true;
(Array.prototype as any).__patched = true;
(Buffer.prototype as any).__patched = true;
(req('events').prototype as any).__patched = true;
req('util').inspect.__patched = true;
fs.readFileSync = function patched() { return 'patched'; };
req('readline').createInterface = () => { throw new Error('patched'); };
Object.defineProperty(process, 'argv', { value: ['patched'] });
console.log(found.length === 0 ? 'clean' : found.join(','), input.trim());
`;

describe('nothing a run does reaches the next run', () => {
  const judge = useJudge();

  it('built-in modules patched by one run (built on first use) are fresh in the next, run by run and in a batch', async () => {
    await judge.load(PATCHER);
    for (const input of ['1', '2', '3']) {
      const r = await judge.sandbox.run(input);
      expect(r.status, show(r)).toBe('ok');
      expect(r.stdout).toBe(`clean ${input}\n`);
    }
    const batch = await judge.sandbox.runBatch(['4', '5', '6']);
    expect(batch.map((r) => r.stdout)).toEqual(['clean 4\n', 'clean 5\n', 'clean 6\n']);
  });

  it('a module first required by the previous run only is built fresh when this run requires it', async () => {
    // Run 1 requires readline and patches it; run 2 never touches it; run 3 requires it again.
    await judge.load(`
const input = require('fs').readFileSync(0, 'utf8').trim();
const rl = require('readline') as any;
const before = rl.__mark === undefined ? 'fresh' : 'seen';
if (input !== 'skip') rl.__mark = input;
console.log(input === 'skip' ? 'skipped' : before);
`);
    const outs = [];
    for (const input of ['a', 'skip', 'b']) outs.push((await judge.sandbox.run(input)).stdout);
    expect(outs).toEqual(['fresh\n', 'skipped\n', 'fresh\n']);
  });
});
