import type { LanguageSpec, NativeToolchain } from './types';

/**
 * GNU C as contest judges compile it (Codeforces' "GNU GCC C11", DMOJ's C11, DOMjudge's c):
 * `gcc -std=gnu11 -O2 -pipe` with ONLINE_JUDGE defined and the maths library linked, which C
 * programs (and the C validators and interactors of real packages, DOMjudge's among them) expect.
 */
function gnuC(): NativeToolchain {
  const flags = ['-std=gnu11', '-O2', '-pipe', '-DONLINE_JUDGE', '-fdiagnostics-color=never', '-fmax-errors=20'];
  return {
    binaries: ['gcc'],
    versionArgs: ['--version'],
    sourceFile: 'main.c',
    artifact: 'main',
    compile: (gcc, box) => [gcc, ...flags, '-o', box.output, box.source, '-lm'],
    run: (_gcc, program) => [program],
  };
}

const STARTER_BATCH = `#include <stdio.h>

int main(void) {
    // int n;
    // if (scanf("%d", &n) != 1) return 0;
    // printf("%d\\n", n);
    return 0;
}
`;

const STARTER_INTERACTIVE = `#include <stdio.h>

int main(void) {
    // A dialogue: flush after every answer so the judge sees it at once.
    // int n;
    // while (scanf("%d", &n) == 1) {
    //     printf("%d\\n", n);
    //     fflush(stdout);
    // }
    return 0;
}
`;

export const C11: LanguageSpec = {
  id: 'c11',
  name: 'GNU C11',
  family: 'C',
  install: 'gcc',
  extension: 'c',
  extensions: ['c'],
  aceMode: 'ace/mode/c_cpp',
  highlight: 'c',
  memoryGraceMb: 0,
  starter: { batch: STARTER_BATCH, interactive: STARTER_INTERACTIVE },
  selfTest: { source: '#include <stdio.h>\n#include <math.h>\nint main(void) { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1; printf("%lld\\n", a + b + (long long)floor(sqrt(0.5))); return 0; }\n', input: '2 40', output: '42' },
  native: gnuC(),
};
