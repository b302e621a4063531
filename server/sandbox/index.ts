import { spawn } from 'node:child_process';
import type { RunLimits, RunResult, Sandbox } from './types';

/** Provisional sandbox: one plain Node process per run. Replaced by the warm isolated sandbox. */
export async function createSandbox(): Promise<Sandbox> {
  let js = '';
  let limits: RunLimits = { timeMs: 1000, memoryMb: 256, outputBytes: 64 << 20 };
  const run = (input: string) =>
    new Promise<RunResult>((resolve) => {
      const t0 = performance.now();
      const child = spawn(process.execPath, ['--stack-size=65500', '-e', js], { stdio: ['pipe', 'pipe', 'pipe'], env: {} });
      let stdout = '';
      let stderr = '';
      let killed = false;
      const timer = setTimeout(() => { killed = true; child.kill('SIGKILL'); }, limits.timeMs * 2 + 300);
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.stdin.on('error', () => {});
      child.stdin.end(input);
      child.on('close', (code) => {
        clearTimeout(timer);
        const wallMs = performance.now() - t0;
        const status = killed ? 'tle' : code === 0 ? 'ok' : 're';
        resolve({ status, exitCode: code, stdout, stderr: stderr.slice(0, 65536), message: status === 're' ? stderr.slice(0, 4096) : killed ? 'time limit exceeded' : null, timeMs: wallMs, wallMs, memoryKb: 0 });
      });
    });
  return {
    async load(code, l) { js = code; limits = l; },
    run,
    async runBatch(inputs) { const out: RunResult[] = []; for (const i of inputs) out.push(await run(i)); return out; },
    async close() {},
  };
}
