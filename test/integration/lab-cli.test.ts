import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDataDir, ROOT } from '../helpers/server';

const dir = mkdtempSync(join(tmpdir(), 'sg-judge-sg-cli-'));
afterAll(() => removeDataDir(dir));

/** Runs the CLI as `npm run sg -- …` does (tsx). */
function sg(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/sg.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('npm run sg', () => {
  it('prints the table one period per line with the analysis underneath', () => {
    const r = sg('alice-game', '--param', 'k=3', '--to', '60');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toContain('alice-game');
    expect(lines[0]).toContain('k = 3');
    // Rows of 14 from n = 1: "    1:  1  1  1  0 …"
    expect(lines.some((l) => /^\s+15:( +\d+){14}$/.test(l))).toBe(true);
    expect(lines.at(-1)).toBe('period 14 from n = 1: proven (Guy–Smith bound: 33 values needed, 61 computed)');
  });

  it('--json follows the contract', () => {
    const r = sg('--octal', '0.07', '--to', '200', '--json');
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.states.slice(0, 2)).toEqual([[0], [1]]);
    expect(out.values.slice(0, 6)).toEqual([0, 0, 1, 1, 2, 0]);
    expect(out.analysis).toMatchObject({ preperiod: 53, period: 34, saltus: 0, proven: true, checkedUpTo: 200 });
    expect(out.conjecture).toBeUndefined();
    const ed = JSON.parse(sg('ed', '--to', '3', '--json').stdout);
    expect(ed.states).toEqual([[1, 1], [1, 2], [1, 3], [2, 1], [2, 2], [2, 3], [3, 1], [3, 2], [3, 3]]);
    expect(ed.analysis).toBeNull();
  });

  it('prints a two-parameter table with aligned columns like the notes', () => {
    const r = sg('ed', '--to', '4');
    expect(r.stdout).toContain(['   1 2 3 4', '1  0 1 0 2', '2  1 1 2 2', '3  0 2 0 2', '4  2 2 2 2'].join('\n'));
  });

  it('exit 0 when a conjecture holds, 1 with the smallest counterexample when it fails (a student game in the sandbox)', () => {
    const game = file('sub.ts', 'export function options(n: number): number[][] { return [2, 3, 7].filter((s) => s <= n).map((s) => [n - s]); }\n');
    const right = file('right.ts', 'export default (n: number) => [0, 0, 1, 1, 2][n % 5];\n');
    const wrong = file('wrong.ts', 'export default (n: number) => n % 5 >= 3;\n');
    const ok = sg(game, '--to', '40', '--conjecture', right, '--json');
    expect(ok.status, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).conjecture).toMatchObject({ holds: true });
    expect(JSON.parse(ok.stdout).analysis).toMatchObject({ preperiod: 0, period: 5 });
    const bad = sg(game, '--to', '40', '--conjecture', wrong, '--json');
    expect(bad.status).toBe(1);
    // Values 0 0 1 1 2 0 0 …: the mover wins at n = 2 already.
    expect(JSON.parse(bad.stdout).conjecture).toMatchObject({ holds: false, state: [2], expected: true, got: false });
  });

  it('exit 2 on usage errors', () => {
    expect(sg().status).toBe(2);
    expect(sg('nim').stderr).toContain('declares no game');
    expect(sg('nim').status).toBe(2);
    expect(sg('no-such-game').status).toBe(2);
    expect(sg('ed', '--to', 'x').status).toBe(2);
    expect(sg('ed', '--param', 'k').status).toBe(2);
    expect(sg('alice-game', '--param', 'q=1').status).toBe(2);
  });

  it('exit 1 with a clear message for a bad options()', () => {
    const game = file('bad.ts', 'export function options(n: number): number[][] { return n === 2 ? [[-1]] : []; }\n');
    const r = sg(game, '--to', '5');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("options(2): option 1 reaches (-1), outside the game's range");
  });
});
