import { createCompiler } from '../server/compile';
import { playGame } from '../server/judge/interactor';
import { createSandbox } from '../server/sandbox';
const compiler = createCompiler();
const sandbox = await createSandbox();
const SRC = process.argv[2] === 'sync' ? `
const fs = require('fs'); const buf = Buffer.alloc(65536); let pending = '';
for (;;) { const n = fs.readSync(0, buf, 0, buf.length, null); if (n === 0) break; pending += buf.toString('utf8', 0, n); let i; while ((i = pending.indexOf('\\n')) >= 0) { const line = pending.slice(0, i); pending = pending.slice(i + 1); process.stdout.write(line + '\\n'); } }
` : `const rl = require('readline').createInterface({ input: process.stdin }); rl.on('line', (l) => console.log(l));`;
const p = await compiler.compile(SRC);
if (!p.ok) throw new Error(p.diagnostics);
await sandbox.load(p.js, { timeMs: 5000, memoryMb: 256, outputBytes: 1e7 });
const R = 2000;
const inter = { async interact(_i: string, io: any) { for (let i = 1; i <= R; i++) { io.send(String(i)); if ((await io.read()) !== String(i)) return { verdict: 'WA' as const, message: 'x' + i }; } return { verdict: 'AC' as const, message: '' }; } };
for (let k = 0; k < 4; k++) {
  const t0 = performance.now();
  const g = await playGame(sandbox, inter, '', { timeMs: 5000 });
  console.log(process.argv[2], g.verdict, g.message, (((performance.now() - t0) / R) * 1000).toFixed(0), 'us/trip; cpu us/trip', ((g.run.timeMs / R) * 1000).toFixed(0));
}
await Promise.all([compiler.close(), sandbox.close()]);
