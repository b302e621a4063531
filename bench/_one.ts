import { createCompiler } from '../server/compile';
import { playGame } from '../server/judge/interactor';
import { createSandbox } from '../server/sandbox';
const compiler = createCompiler();
const sandbox = await createSandbox();
const p = await compiler.compile(`console.log('hi');`);
if (!p.ok) throw new Error(p.diagnostics);
await sandbox.load(p.js, { timeMs: 2000, memoryMb: 256, outputBytes: 1e7 });
const inter = { async interact(_i: string, io: any) { await io.read(); return { verdict: 'AC' as const, message: '' }; } };
const xs: string[] = [];
for (let k = 0; k < 10; k++) {
  const t0 = performance.now();
  const g = await playGame(sandbox, inter, '', { timeMs: 2000 });
  xs.push(`${g.verdict} ${(performance.now() - t0).toFixed(1)} cpu ${g.run.timeMs.toFixed(1)}`);
}
const t1 = performance.now();
for (let k = 0; k < 10; k++) await sandbox.run('');
xs.push(`plain run ${((performance.now() - t1) / 10).toFixed(1)}`);
console.log(xs.join('\n'));
await Promise.all([compiler.close(), sandbox.close()]);
