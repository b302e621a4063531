import { MAX_DIAGNOSTICS } from '../../server/compile/diagnostics';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDataDir, ROOT } from '../helpers/server';

const dir = mkdtempSync(join(tmpdir(), 'sg-judge-slow-pipe-'));
afterAll(() => removeDataDir(dir));

/**
 * Runs a command-line tool (as `npm run <tool>` does, through tsx) into a pipe whose reader starts
 * reading only after a second: everything past the pipe's 64 KiB waits in the tool's queue, which
 * a tool that exits at once would drop. pipefail gives the tool's own exit status.
 */
function throughSlowPipe(tool: string, ...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const command = ['-c', 'set -o pipefail; "$@" | (sleep 1; cat)', 'bash', process.execPath, '--import', 'tsx', `server/cli/${tool}.ts`, ...args];
  const options = { cwd: ROOT, env: { ...process.env, DATA_DIR: join(dir, 'data') }, encoding: 'utf8' as const, maxBuffer: 64 * 1024 * 1024, timeout: 280_000 };
  return new Promise((resolve) => {
    execFile('bash', command, options, (error, stdout, stderr) => {
      const status = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ status, stdout, stderr });
    });
  });
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const KiB64 = 64 * 1024;

describe('every command delivers its whole output and its exit status to a slow reader', { timeout: 180_000 }, () => {
  it('judge: 2,000 type errors, capped to the first 50 and a count, then the verdict line, exit 1', async () => {
    const lines = ['const x: number = 0;', ...Array.from({ length: 2000 }, (_, i) => `const v${i}: number = "s${i}";`)];
    const r = await throughSlowPipe('judge', 'nim', file('errors.ts', `${lines.join('\n')}\n`));
    // Compiler output is capped where it is made (server/compile/diagnostics.ts, docs/security.md).
    expect(r.stdout.match(/error TS2322/g)?.length, r.stderr).toBe(MAX_DIAGNOSTICS);
    expect(r.stdout).toContain('… and 1,950 more diagnostics');
    expect(r.stdout.trim().split('\n').at(-1)).toBe('Compilation error');
    expect(r.status).toBe(1);
  });

  it('sg --json: a table of 9,001 values that parses, exit 0', async () => {
    const r = await throughSlowPipe('sg', '--octal', '0.07', '--to', '9000', '--json');
    expect(r.stdout.length, r.stderr).toBeGreaterThan(KiB64);
    const table = JSON.parse(r.stdout) as { values: number[] };
    expect(table.values).toHaveLength(9001);
    expect(r.status).toBe(0);
  });

  it('stress: a counterexample whose output is 100,000 characters, shown whole, exit 1', async () => {
    const r = await throughSlowPipe('stress', 'nim', file('loud.ts', "console.log('x'.repeat(100000));\n"), '--cases', '3', '--size', 'tiny', '--seed', '1');
    expect(r.stdout.length, r.stderr).toBeGreaterThan(KiB64);
    const shown = r.stdout.split('your output:\n')[1] ?? '';
    expect(shown.trimEnd()).toBe('x'.repeat(100000));
    expect(r.status).toBe(1);
  });

  it('gen: its report line, exit 0', async () => {
    const out = join(dir, 'gen-out');
    const r = await throughSlowPipe('gen', 'nim', '--count', '3', '--size', 'tiny', '--seed', '5', '--out', out);
    expect(r.stdout, r.stderr).toBe(`wrote 3 test(s) of size tiny with seed 5 to ${out}\n`);
    expect(r.status).toBe(0);
  });

  it('differences: the docs/sandbox.md block, exit 0', async () => {
    const r = await throughSlowPipe('differences');
    expect(r.stdout, r.stderr).toMatch(/\S[\s\S]*\n$/);
    expect(r.status).toBe(0);
  });

  // One problem's slow solution and its margin at 3 × the limit (the whole table is
  // test/judge/solution-table.test.ts's; here what matters is the pipe).
  it('check-problems: the table and its summary line, and a usage error with its status', async () => {
    const r = await throughSlowPipe('check-problems', '--slow', '--raise', '3', 'bash-game');
    expect(r.stdout.trim().split('\n').at(-1), r.stderr).toMatch(/^\d+ of \d+ solutions are as they must be/);
    expect(r.stdout).toContain('bash-game (');
    expect(r.status).toBe(0);
    const bad = await throughSlowPipe('check-problems', 'no-such-problem');
    expect(bad.stderr).toContain('unknown problem "no-such-problem"');
    expect(bad.status).toBe(2);
  }, 300_000);
});
