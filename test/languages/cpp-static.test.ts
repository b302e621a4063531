import { describe, expect, it } from 'vitest';
import { detectLanguages } from '../../server/languages/detect';
import { compileNative } from '../../server/languages/native-compile';
import { BOX_WORK_DIR, createNativeSandbox } from '../../server/languages/native-runner';
import { BOX_WORK_DIR as RUNNER_WORK_DIR } from '../../server/sandbox/native/box';

/**
 * The documented compile command (docs/languages.md) links C++ statically: the judged program maps
 * no shared library (no dynamic loader, no libstdc++.so), so none of its time goes to loading one.
 * Needs g++ (the judge detects it as it starts; here, once).
 */
const MAPS = `#include <bits/stdc++.h>
int main() {
  std::ifstream maps("/proc/self/maps");
  std::string line, found = "none";
  while (std::getline(maps, line)) if (line.find(".so") != std::string::npos) { found = line.substr(line.find('/')); break; }
  std::cout << "shared objects: " << found << "\\n";
}
`;

/** The program compiled as the judge compiles `language` and run in the box: what it prints. */
async function judgedOutput(language: 'cpp17' | 'c11', source: string): Promise<string> {
  const found = (await detectLanguages(process.env, [language]))[language];
  if (!found?.ok) throw new Error(`${language}'s compiler is needed here: ${found && !found.ok ? found.reason : 'not detected'}`);
  const compiled = await compileNative(found.toolchain, source);
  if (!compiled.ok) throw new Error(compiled.diagnostics);
  const sandbox = await createNativeSandbox();
  try {
    await sandbox.load(compiled.program, { timeMs: 2000, memoryMb: 256, outputBytes: 1 << 20 });
    const r = await sandbox.run('');
    expect(r.status, r.message ?? '').toBe('ok');
    return r.stdout;
  } finally {
    await sandbox.close();
  }
}

describe('C++ as the judge compiles it', () => {
  it('is linked statically: the program maps no shared object', { timeout: 120_000 }, async () => {
    expect(await judgedOutput('cpp17', MAPS)).toBe('shared objects: none\n');
  });
});

const MAPS_C = `#include <stdio.h>
#include <string.h>
int main(void) {
  FILE *maps = fopen("/proc/self/maps", "r");
  char line[512];
  const char *found = "none";
  while (maps && fgets(line, sizeof line, maps)) if (strstr(line, ".so")) { found = strchr(line, '/'); break; }
  printf("shared objects: %s", found);
  if (strcmp(found, "none") == 0) printf("\\n");
  return 0;
}
`;

describe('C as the judge compiles it', () => {
  it('is linked statically too', { timeout: 120_000 }, async () => {
    expect(await judgedOutput('c11', MAPS_C)).toBe('shared objects: none\n');
  });
});

describe("the box's work directory", () => {
  it('is named alike where languages name it and where the runner mounts it', () => {
    expect(BOX_WORK_DIR).toBe(RUNNER_WORK_DIR);
  });
});
