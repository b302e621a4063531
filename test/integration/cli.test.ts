import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDataDir, ROOT } from '../helpers/server';
import { acceptedNim, ALWAYS_NO } from '../helpers/solutions';

const dir = mkdtempSync(join(tmpdir(), 'sg-judge-cli-'));
afterAll(() => removeDataDir(dir));

/** Runs the CLI as `npm run judge -- ...` does (tsx), with its own data directory. */
function judge(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/judge.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: join(dir, 'data') },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function file(name: string, text: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('npm run judge', () => {
  it('prints a line per test and "Accepted", exit 0, for a correct solution', () => {
    const r = judge('nim', file('ok.ts', acceptedNim()));
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('Accepted');
    const tests = lines.filter((l) => l.startsWith('test '));
    expect(tests.length).toBeGreaterThanOrEqual(20);
    tests.forEach((l, i) => expect(l).toMatch(new RegExp(`^test ${i + 1}: AC \\d+ ms \\d+ KiB$`)));
  });

  it('stops at the first failing test with the Codeforces verdict, exit 1', () => {
    const r = judge('nim', file('no.ts', ALWAYS_NO));
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^test 1: WA \d+ ms \d+ KiB$/m);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('Wrong answer on test 1');
  });

  it('reports a compilation error, exit 1', () => {
    const r = judge('nim', file('ce.ts', "const x: number = 'a';\n"));
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('TS2322');
    expect(r.stdout.trim().split('\n').at(-1)).toBe('Compilation error');
  });

  it('exits 2 with a message on usage errors', () => {
    for (const args of [[], ['nim'], ['no-such-problem', file('x.ts', ALWAYS_NO)], ['nim', join(dir, 'missing.ts')], ['../nim', 'x.ts']]) {
      const r = judge(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^judge: .+\nusage: npm run judge -- \[--language [^\]]+\] <problem-slug> <solution file/);
    }
    const binary = judge('nim', file('bin.ts', Buffer.from([0xff, 0xfe, 0x00, 0x41])));
    expect(binary.status).toBe(2);
    expect(binary.stderr).toContain('not UTF-8 text');
  });
});
