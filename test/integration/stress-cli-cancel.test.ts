import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server';
import { acceptedNim } from '../helpers/solutions';

const dir = mkdtempSync(join(tmpdir(), 'sg-judge-stress-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run stress', () => {
  it('stops on Ctrl+C and reports the cases run so far, exit status 130', async () => {
    const file = join(dir, 'ok.ts');
    writeFileSync(file, acceptedNim());
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/stress.ts', 'nim', file, '--cases', '1000000', '--seed', '3'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    // Wait until cases are running (a progress line with a non-zero count), then press Ctrl+C.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no progress in time:\n${out}`)), 120_000);
      const check = (): void => {
        if (/\n {2}[1-9]\d*\/1000000 cases/.test(out)) {
          clearTimeout(timer);
          resolve();
        } else setTimeout(check, 100);
      };
      check();
    });
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code, out).toBe(130);
    const m = /cancelled after (\d+) of 1000000 case\(s\); none of them failed/.exec(out);
    expect(m, out).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThan(0);
    expect(Number(m![1])).toBeLessThan(1_000_000);
  });
});
