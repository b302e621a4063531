import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNativeSandbox, type NativeSandbox } from '../../server/sandbox/native';
import { compileCpp, helperProcesses, LIMITS, show, unsupported } from './native-harness';

/**
 * The native sandbox keeps its box (the helper, its namespaces and cgroup) from one program to the
 * next, so a submission does not pay for a new one: the next program sees only its own files and
 * nothing an earlier run left, whoever's program it was; another memory limit gets a new box.
 */
const LIST = `#include <dirent.h>
#include <cstdio>
#include <set>
#include <string>
static void list(const char *dir) {
  std::set<std::string> names;
  if (DIR *d = opendir(dir)) { while (dirent *e = readdir(d)) if (e->d_name[0] != '.') names.insert(e->d_name); closedir(d); }
  printf("%s:", dir);
  for (auto &n : names) printf(" %s", n.c_str());
  printf("\\n");
}
int main() {
  list("/prog");
  list("/tmp");
  if (FILE *f = fopen("/tmp/left-behind", "w")) { fputs("x", f); fclose(f); }
}
`;

describe.skipIf(unsupported)('a box kept from one program to the next', () => {
  let sandbox: NativeSandbox;
  const dirs: string[] = [];
  const program = (name: string, binary: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sg-native-test-'));
    copyFileSync(binary, path.join(dir, 'main'));
    writeFileSync(path.join(dir, `${name}.txt`), name);
    dirs.push(dir);
    return { dir, argv: ['/prog/main'] };
  };
  let first: { dir: string; argv: string[] };
  let second: { dir: string; argv: string[] };

  beforeAll(async () => {
    const built = await compileCpp(LIST);
    dirs.push(built);
    first = program('first', path.join(built, 'main'));
    second = program('second', path.join(built, 'main'));
    sandbox = await createNativeSandbox();
  }, 180_000);
  afterAll(async () => {
    await sandbox?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("serves the next program in the same box, which sees its own files only and nothing of the last program's run", async () => {
    await sandbox.load(first, LIMITS, 'alice');
    const a = await sandbox.run('');
    expect(a.stdout, show(a)).toBe('/prog: first.txt main\n/tmp:\n');
    const helpers = helperProcesses();
    expect(helpers.length).toBeGreaterThan(0);
    sandbox.release();

    // Another person's program: the same helper, its own /prog, an empty /tmp.
    await sandbox.load(second, LIMITS, 'bob');
    const b = await sandbox.run('');
    expect(b.stdout, show(b)).toBe('/prog: main second.txt\n/tmp:\n');
    expect(helperProcesses()).toEqual(helpers);
    sandbox.release();

    // Another memory limit: a new box (its cgroup made for that limit).
    await sandbox.load(second, { ...LIMITS, memoryMb: LIMITS.memoryMb * 2 }, 'bob');
    const c = await sandbox.run('');
    expect(c.stdout, show(c)).toBe('/prog: main second.txt\n/tmp:\n');
    expect(helperProcesses().some((p) => helpers.includes(p))).toBe(false);

    await sandbox.close();
    expect(helperProcesses(), 'no helper is left once the sandbox is closed').toEqual([]);
  });
});
