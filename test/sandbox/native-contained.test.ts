import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createNativeSandbox, runContained } from '../../server/sandbox/native';
import type { LiveStdin } from '../../server/sandbox/types';
import { compileCpp, COMPILE_LIMITS, helperProcesses, LIMITS, show, unsupported } from './native-harness';

/**
 * runContained for one-off commands (the compiler, a package's checker) and the NativeSandbox's
 * other ways in: an interactive dialogue, Python, and the runner's own failures (IE, never a hang).
 */
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'sg-native-test-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(unsupported)('runContained', () => {
  it("g++'s errors come back with their positions in the source, bounded by the output caps", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'main.cpp'), 'int main() {\n  return undeclared;\n}\n');
    const r = await runContained({ argv: ['/usr/bin/g++', '-O2', '-o', '/box/main', '/box/main.cpp'], workDir: dir, limits: COMPILE_LIMITS });
    expect(r.status, show(r)).toBe('re');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/main\.cpp:2:10: error: .undeclared. was not declared/);
    expect(existsSync(path.join(dir, 'main'))).toBe(false);
  });

  it("a checker reads its input and answer read-only, writes its feedback, and cannot touch the judge's copies", async () => {
    const data = tempDir();
    writeFileSync(path.join(data, 'input'), '2 3\n');
    writeFileSync(path.join(data, 'answer'), '5\n');
    const feedback = tempDir();
    const checker = tempDir();
    writeFileSync(
      path.join(checker, 'check.py'),
      [
        'import sys',
        "inp = open('/data/input').read().split()",
        "ans = open('/data/answer').read().split()",
        'out = sys.stdin.read().split()',
        'try:',
        "    open('/data/answer', 'w').write('6')",
        "    tampered = 'tampered'",
        'except OSError as e:',
        '    tampered = type(e).__name__',
        "open('/box/judgemessage.txt', 'w').write(f'{inp} {ans} {out} {tampered}')",
        'sys.exit(42 if out == ans else 43)',
      ].join('\n'),
    );
    const r = await runContained({
      argv: ['/usr/bin/python3', '-B', '/checker/check.py'],
      workDir: feedback,
      readOnly: [
        { host: data, box: '/data' },
        { host: checker, box: '/checker' },
      ],
      stdin: '5\n',
      limits: { cpuMs: 5000, wallMs: 20_000, memoryMb: 256, outputBytes: 1 << 20, fileBytes: 1 << 20, processes: 4 },
    });
    expect(r.exitCode, show(r)).toBe(42);
    expect(readFileSync(path.join(feedback, 'judgemessage.txt'), 'utf8')).toBe("['2', '3'] ['5'] ['5'] OSError");
    expect(readFileSync(path.join(data, 'answer'), 'utf8')).toBe('5\n');
  });

  it("a command filling its work directory fills the file cap, not the judge's disk", async () => {
    const work = tempDir();
    writeFileSync(path.join(work, 'given.txt'), 'from the judge\n');
    const r = await runContained({
      argv: ['/bin/sh', '-c', 'cat /box/given.txt; i=0; while dd if=/dev/zero of=/box/f$i bs=1M count=1 2>/dev/null; do i=$((i+1)); done; echo "$i files"; ln -s /etc/passwd /box/link'],
      workDir: work,
      limits: { cpuMs: 10_000, wallMs: 30_000, memoryMb: 256, outputBytes: 1 << 20, fileBytes: 8 << 20, processes: 4 },
    });
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toMatch(/^from the judge\n[0-7] files\n$/);
    const total = readdirSync(work).reduce((sum, f) => sum + statSync(path.join(work, f)).size, 0);
    expect(total).toBeLessThanOrEqual(8 << 20);
    // What it left is copied back as plain files; a symlink is not.
    expect(existsSync(path.join(work, 'f0'))).toBe(true);
    expect(existsSync(path.join(work, 'link'))).toBe(false);
  });

  it('a command that does not exist is the runner failing to start it: IE, said', async () => {
    const r = await runContained({ argv: ['/usr/bin/no-such-compiler'], limits: COMPILE_LIMITS });
    expect(r.status).toBe('ie');
    expect(r.message).toMatch(/could not be started \(exec: no such file\)/);
  });
});

describe.skipIf(unsupported)('NativeSandbox', () => {
  it('plays an interactive dialogue: each line answered before the next is written', async () => {
    const dir = await compileCpp('#include <cstdio>\nint main() { long x; while (scanf("%ld", &x) == 1 && x != 0) { printf("%ld\\n", 2 * x); fflush(stdout); } return 0; }\n');
    dirs.push(dir);
    const sandbox = await createNativeSandbox();
    try {
      await sandbox.load({ dir, argv: ['/prog/main'] }, LIMITS);
      const heard: string[] = [];
      let stdin: LiveStdin | null = null;
      let next = 1;
      let pending = '';
      const r = await sandbox.play({
        connect(s) {
          stdin = s;
          s.write(`${next}\n`);
        },
        output(text) {
          pending += text;
          for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
            heard.push(pending.slice(0, nl));
            pending = pending.slice(nl + 1);
            next++;
            if (next <= 5) stdin!.write(`${next}\n`);
            else stdin!.write('0\n');
          }
        },
      });
      expect(r.status, show(r)).toBe('ok');
      expect(heard).toEqual(['2', '4', '6', '8', '10']);
      // A program waiting for a move that never comes, while the interactor waits for its output: idleness.
      const idle = await sandbox.play({ connect() {}, output() {} });
      expect(idle.status, show(idle)).toBe('tle');
      expect(idle.message).toMatch(/^Idleness limit exceeded: the program was waiting for input/);
      // The box goes on serving plain runs after a dialogue.
      const plain = await sandbox.run('7 0\n');
      expect(plain.stdout).toBe('14\n');
    } finally {
      await sandbox.close();
    }
  });

  it('python3 and pypy3 run with the interpreter counted in the memory, and MLE when a list outgrows the limit', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'main.py'), 'import sys\nn = int(sys.stdin.buffer.readline())\nxs = list(range(n))\nprint(sum(xs))\n');
    const sandbox = await createNativeSandbox();
    try {
      for (const interpreter of ['/usr/bin/python3', '/usr/bin/pypy3'].filter(existsSync)) {
        await sandbox.load({ dir, argv: [interpreter, '-B', '/prog/main.py'] }, { ...LIMITS, timeMs: 5000 });
        const r = await sandbox.run('1000\n');
        expect(r.status, `${interpreter}: ${show(r)}`).toBe('ok');
        expect(r.stdout).toBe('499500\n');
        expect(r.memoryKb, interpreter).toBeGreaterThan(5 * 1024);
      }
      await sandbox.load({ dir, argv: ['/usr/bin/python3', '-B', '/prog/main.py'] }, { ...LIMITS, timeMs: 10_000, memoryMb: 64 });
      const big = await sandbox.run('10000000\n');
      expect(big.status, show(big)).toBe('mle');
    } finally {
      await sandbox.close();
    }
  });

  it('a helper killed in the middle of a run: IE for that run, a new box for the next, nothing left', async () => {
    const dir = await compileCpp('#include <unistd.h>\n#include <cstdio>\nint main() { int s; if (scanf("%d", &s) == 1 && s) sleep(s); puts("up"); }\n');
    dirs.push(dir);
    const sandbox = await createNativeSandbox();
    try {
      await sandbox.load({ dir, argv: ['/prog/main'] }, { ...LIMITS, timeMs: 2000 });
      const running = sandbox.run('3\n');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const helpers = helperProcesses();
      expect(helpers.length).toBe(1);
      process.kill(helpers[0]!, 'SIGKILL');
      const r = await running;
      expect(r.status, show(r)).toBe('ie');
      expect(r.message).toMatch(/^judge error: the native runner stopped/);
      const next = await sandbox.run('0\n');
      expect(next.status, show(next)).toBe('ok');
      expect(next.stdout).toBe('up\n');
    } finally {
      await sandbox.close();
    }
    expect(helperProcesses()).toEqual([]);
  });
});
