import { createCompiler } from '../server/compile';
import { playGame } from '../server/judge/interactor';
import { loadInteractor, playerSource } from '../server/problems/interactive';
import { createSandbox } from '../server/sandbox';
const compiler = createCompiler();
const sandbox = await createSandbox();
const player = await compiler.compile(playerSource('subtraction-game'));
if (!player.ok) throw new Error(player.diagnostics);
await sandbox.load(player.js, { timeMs: 2000, memoryMb: 256, outputBytes: 1e7 });
const interactor = await loadInteractor('subtraction-game');
for (let k = 0; k < 8; k++) {
  const t0 = performance.now();
  const g = await playGame(sandbox, interactor, '2000 1 1\n', { timeMs: 2000 });
  console.log(g.verdict, (performance.now() - t0 - g.run.timeMs).toFixed(1), g.run.timeMs.toFixed(1));
}
await Promise.all([compiler.close(), sandbox.close()]);
