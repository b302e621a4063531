/**
 * The lab's octal loop against the plain typed-array loop, side by side in one run:
 *
 *  - 100,000 values of the octal game 0.6 (take one token, leave one heap or two; no period is known,
 *    so both compute every value): the plain loop written for this one game (values in a
 *    Uint16Array, mex with a stamped Uint32Array) against the lab's table (server/lab/octal-fast.ts,
 *    any octal code, with the Guy–Smith check on the way). Target: the lab at most 1.5× the plain loop.
 *  - through runLab, as `npm run sg` computes them: 0.07 up to 10^6 (the period finishes the table,
 *    target under 5 s) and 0.127 up to 10^5 (period 4 proven from n = 46,578, target under 60 s).
 * Targets are on CPU time (this process), so that other processes on the cores do not decide them.
 *
 *   npx tsx bench/octal.bench.ts        (or npm run bench -- octal)
 */
import { loadavg } from 'node:os';
import { runLab, type LabResult } from '../server/lab/lab';
import { fastHeapTable, octalRule } from '../server/lab/octal-fast';

const N = 100_000;
const TARGET_RATIO = 1.5;
const TARGET_07_MS = 5_000;
const TARGET_127_MS = 60_000;

/** The reference: 0.6 written out by hand. */
function plain06(to: number): Uint16Array {
  const g = new Uint16Array(to + 1);
  const seen = new Uint32Array(1 << 16);
  for (let n = 1; n <= to; n++) {
    const rest = n - 1;
    if (rest >= 1) seen[g[rest]!] = n;
    for (let a = 1; 2 * a <= rest; a++) seen[g[a]! ^ g[rest - a]!] = n;
    let m = 0;
    while (seen[m] === n) m++;
    g[n] = m;
  }
  return g;
}

function cpu<T>(f: () => T): { ms: number; value: T } {
  const c0 = process.cpuUsage();
  const value = f();
  const c = process.cpuUsage(c0);
  return { ms: (c.user + c.system) / 1000, value };
}

async function cpuAsync<T>(f: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const c0 = process.cpuUsage();
  const value = await f();
  const c = process.cpuUsage(c0);
  return { ms: (c.user + c.system) / 1000, value };
}

console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const rule = octalRule([6]);
const open = { workCap: Number.POSITIVE_INFINITY, timeMs: Number.POSITIVE_INFINITY };
// Alternate the two, twice, and compare the better run of each (the first run of each warms up).
const plainMs: number[] = [];
const labMs: number[] = [];
let same = true;
for (let i = 0; i < 2; i++) {
  const p = cpu(() => plain06(N - 1));
  const l = cpu(() => fastHeapTable(rule, N - 1, open));
  plainMs.push(p.ms);
  labMs.push(l.ms);
  same &&= l.value.byPeriodFrom === null && p.value.every((v, n) => v === l.value.values[n]);
}
const ratio = Math.min(...labMs) / Math.min(...plainMs);
console.log(`octal 0.6, ${N} values:`);
console.log(`  plain typed-array loop (this game only), CPU  ${plainMs.map((x) => x.toFixed(0)).join(', ')} ms`);
console.log(`  lab's octal loop (any code),            CPU  ${labMs.map((x) => x.toFixed(0)).join(', ')} ms`);
console.log(`  ratio ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×); same values: ${same}`);

const deps = { tools: () => Promise.reject(new Error('no student code here')) };
const d07 = await cpuAsync(() => runLab({ game: { kind: 'octal', code: '0.07' }, to: 1_000_000 }, deps));
const d127 = await cpuAsync(() => runLab({ game: { kind: 'octal', code: '0.127' }, to: 100_000 }, deps));
const line = (r: LabResult) => `period ${r.analysis?.period} from n = ${r.analysis?.preperiod}, proven ${r.analysis?.proven}, by the period from n = ${r.byPeriodFrom}`;
console.log(`runLab 0.07 to 10^6: CPU ${d07.ms.toFixed(0)} ms (target < ${TARGET_07_MS} ms); ${line(d07.value)}`);
console.log(`runLab 0.127 to 10^5: CPU ${d127.ms.toFixed(0)} ms (target < ${TARGET_127_MS} ms); ${line(d127.value)}`);

const proven127 = d127.value.analysis?.proven === true && d127.value.analysis.period === 4 && d127.value.analysis.preperiod === 46_578;
const met = same && ratio <= TARGET_RATIO && d07.ms < TARGET_07_MS && d127.ms < TARGET_127_MS && proven127;
console.log(met ? 'octal targets met' : 'octal targets NOT met');
process.exit(met ? 0 : 1);
