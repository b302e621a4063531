import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server';

/** `npm run check-problems -- <args>` as a user runs it: its output and exit status. */
function checkProblems(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const options = { cwd: ROOT, encoding: 'utf8' as const, timeout: 120_000 };
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/cli/check-problems.ts', ...args], options, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

// Seconds of CPU (the slow solution runs to its first TLE, then once more at 3x the limit): kept
// out of the fast suites, as the margins of all problems are measured by hand (docs/problems.md).
describe('check-problems --slow', { timeout: 150_000 }, () => {
  it("prints only the slow solutions, each with its margin, and exits 0 when every one needs 3x or more", async () => {
    const r = await checkProblems('--slow', '--raise', '3', 'bash-game');
    expect(r.stdout, r.stderr).toContain('bash-game (');
    const lines = r.stdout.split('\n').filter((l) => /^ {2}(ok|FAIL) /.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ {2}ok {3}slow\/plain-recursion\.ts .*expected TLE got TLE on \d+ +needs over 3\.0x the limit \(test \d+\)$/);
    expect(r.stdout).toContain('1 of 1 solutions are as they must be');
    expect(r.status).toBe(0);
  });

  it('refuses a raised limit below 3x, where the margin rule could not be checked', async () => {
    const r = await checkProblems('--slow', '--raise', '2', 'bash-game');
    expect(r.stderr).toContain('--raise must be an integer in [3, 30], got "2"');
    expect(r.status).toBe(2);
  });
});
