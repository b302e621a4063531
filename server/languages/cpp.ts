import type { LanguageSpec, NativeToolchain } from './types';

/**
 * GNU C++ as contest judges compile it (Codeforces, AtCoder, DMOJ): `g++ -std=gnu++NN -O2 -pipe`
 * with ONLINE_JUDGE defined. The precompiled `bits/stdc++.h` (pch.ts) is found first through `-I`,
 * built with these same flags, so a program starting with that include compiles in a fraction of
 * the time. Linked `-static`, as Codeforces links: a dynamically linked binary spends about a
 * millisecond of its own CPU time per run loading and relocating libstdc++ (measured in
 * docs/languages.md), paid on every test and stress case and counted in its time; the link costs
 * a few tens of milliseconds once per source. `-static` is a link option only, so the header
 * precompiled without it stays valid.
 */
function gnuCpp(standard: 'gnu++17' | 'gnu++20'): NativeToolchain {
  const flags = [`-std=${standard}`, '-O2', '-pipe', '-DONLINE_JUDGE', '-fdiagnostics-color=never', '-fmax-errors=20'];
  return {
    binaries: ['g++'],
    versionArgs: ['--version'],
    sourceFile: 'main.cpp',
    artifact: 'main',
    compile: (gxx, box) => [gxx, ...flags, ...(box.pchDir ? ['-I', box.pchDir, '-Winvalid-pch'] : []), '-static', '-o', box.output, box.source],
    run: (_gxx, program) => [program],
    pch: { header: 'bits/stdc++.h', args: (gxx, box) => [gxx, ...flags, '-x', 'c++-header', '-o', box.output, box.header] },
  };
}

const STARTER_BATCH = `#include <bits/stdc++.h>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);

    // int n;
    // cin >> n;
    // cout << n << '\\n';
    return 0;
}
`;

const STARTER_INTERACTIVE = `#include <bits/stdc++.h>
using namespace std;

int main() {
    // A dialogue: cin stays tied to cout, so every answer is sent before the next read;
    // end each answer with endl (it flushes).
    // int n;
    // while (cin >> n) {
    //     cout << n << endl;
    // }
    return 0;
}
`;

const SELF_TEST = { source: '#include <cstdio>\nint main() { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1; printf("%lld\\n", a + b); }\n', input: '2 40', output: '42' };

const CPP_COMMON = {
  family: 'C++',
  install: 'g++',
  extension: 'cpp',
  extensions: ['cpp', 'cc', 'cxx', 'c++'],
  aceMode: 'ace/mode/c_cpp',
  highlight: 'cpp',
  memoryGraceMb: 0,
  starter: { batch: STARTER_BATCH, interactive: STARTER_INTERACTIVE },
  selfTest: SELF_TEST,
} as const;

export const CPP17: LanguageSpec = { ...CPP_COMMON, id: 'cpp17', name: 'GNU C++17', native: gnuCpp('gnu++17') };
export const CPP20: LanguageSpec = { ...CPP_COMMON, id: 'cpp20', name: 'GNU C++20', native: gnuCpp('gnu++20') };
