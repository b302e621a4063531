/**
 * One verdict whatever the machine's load (issue 33): a program that burns 75 % of its 1 s CPU
 * limit, judged 10 times beside 0, 2 and 6 CPU-bound processes, each in its own session (as other
 * people's programs are). Each run's verdict under today's rule (CPU time decides; the wall net
 * leaves out time spent waiting for a core) is shown beside what the plain wall net (`2 × T + 300`
 * ms of wall time, the rule before) would have made of the same run. Then a sleeper and an endless
 * loop beside 6 sessions: both must still be TLE.
 *
 * Target: 10 of 10 AC at every load; the sleeper and the loop TLE.
 *
 *   npx tsx bench/busy-machine.bench.ts        (or npm run bench -- busy)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { createCompiler } from '../server/compile';
import { wallClockMs } from '../server/rules/limits';
import { createSandbox } from '../server/sandbox';
import { DEFAULT_OUTPUT_LIMIT } from '../server/sandbox/types';

const LIMITS = { timeMs: 1000, memoryMb: 256, outputBytes: DEFAULT_OUTPUT_LIMIT };
const BURN = `let s = 0; while (process.cpuUsage().user < 750_000) s++; console.log(s > 0 ? 'done' : 'never');`;
const SLEEP = 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);';
const LOOP = 'let x = 0; while (true) x++;';

const compiler = createCompiler();
const sandbox = await createSandbox();
const compile = async (source: string) => {
  const c = await compiler.compile(source);
  if (!c.ok) throw new Error(c.diagnostics);
  return c.js;
};
const burn = await compile(BURN);

let busy: ChildProcess[] = [];
const startBusy = (n: number) => {
  for (let i = 0; i < n; i++) busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { detached: true, stdio: 'ignore' }));
};
const stopBusy = () => {
  for (const b of busy) b.kill('SIGKILL');
  busy = [];
};

console.log(`load average before: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
let ok = true;
for (const n of [0, 2, 6]) {
  startBusy(n);
  let ac = 0;
  let oldRuleWouldStop = 0;
  const walls: number[] = [];
  for (let i = 0; i < 10; i++) {
    await sandbox.load(burn, LIMITS);
    const r = await sandbox.run('');
    if (r.status === 'ok' && r.stdout.trim() === 'done') ac++;
    if (r.wallMs > wallClockMs(LIMITS)) oldRuleWouldStop++;
    walls.push(Math.round(r.wallMs));
  }
  stopBusy();
  console.log(`beside ${n} CPU-bound sessions: ${ac}/10 AC (plain wall net would have stopped ${oldRuleWouldStop}/10); wall ms ${walls.join(' ')}`);
  if (ac !== 10) ok = false;
}
startBusy(6);
for (const [name, source] of [['sleeper (Atomics.wait)', SLEEP], ['endless loop', LOOP]] as const) {
  await sandbox.load(await compile(source), LIMITS);
  const r = await sandbox.run('');
  console.log(`beside 6 sessions, ${name}: ${r.status} · ${r.message}`);
  if (r.status !== 'tle') ok = false;
}
stopBusy();
console.log(`load average after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
await sandbox.close();
await compiler.close();
console.log(ok ? 'targets met' : 'targets NOT met');
process.exit(ok ? 0 : 1);
