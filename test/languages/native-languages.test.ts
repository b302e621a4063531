import { readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSubmission, waitForVerdict, waitJobDone } from '../helpers/judge-client';
import { LANGUAGE_IDS } from '../../server/languages/registry';
import { starterCode } from '../../server/problems/starter-code';
import { NIM_CPP, waitForLanguages } from '../helpers/languages';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

/**
 * C++ and Python judged through the HTTP API with the machine's real compilers, in the contained
 * runner: every language's correct nim solution AC, each failure its verdict, the compile cache,
 * an interactive C++ player, and a C++ stress run that finds and shrinks a counterexample.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ workers: 2, problems: ['nim', 'subtraction-game'] });
  await waitForLanguages(server.url);
}, 180_000);
afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

async function post(path: string, body: unknown): Promise<{ status: number; json: { id?: number; error?: string; id_?: string } }> {
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as { id?: number; error?: string } };
}

async function judged(language: string, source: string, problem = 'nim') {
  const { status, json } = await post('/api/submissions', { problem, source, language });
  expect(status, json.error).toBe(201);
  return waitForVerdict(server.url, json.id!, 120_000);
}

// Each program makes sure it runs where it says (C++20 features, PyPy's own implementation name).
const NIM_CPP17 = NIM_CPP;
const NIM_CPP20 = `#include <bits/stdc++.h>
using namespace std;
template <std::integral T> T xorAll(const vector<T>& v) { T x = 0; for (T a : v) x ^= a; return x; }
int main() {
    int t;
    cin >> t;
    while (t--) {
        int n;
        cin >> n;
        vector<int> a(n);
        for (auto& v : a) cin >> v;
        cout << (xorAll(a) != 0 ? "Yes" : "No") << '\\n';
    }
}
`;
// C, not C++: a C++ compiler refuses the implicit void* conversion of malloc's result.
const NIM_C11 = `#include <stdio.h>
#include <stdlib.h>
#include <math.h>
int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n, x = 0;
        scanf("%d", &n);
        int *a = malloc(sizeof(int) * (n + 1));
        for (int i = 0; i < n; i++) { scanf("%d", &a[i]); x ^= a[i]; }
        free(a);
        puts(x != 0 && fabs(sqrt(4.0) - 2.0) < 1e-9 ? "Yes" : "No");
    }
    return 0;
}
`;
const nimPython = (implementation: string) => `import sys
if sys.implementation.name != '${implementation}':
    print('not ${implementation}')
    sys.exit(0)
data = sys.stdin.buffer.read().split()
t = int(data[0])
p = 1
out = []
for _ in range(t):
    n = int(data[p]); p += 1
    x = 0
    for v in data[p:p + n]:
        x ^= int(v)
    p += n
    out.append('Yes' if x else 'No')
print('\\n'.join(out))
`;

describe('C++ and Python through the HTTP API', () => {
  it('GET /api/languages offers every language with its version', async () => {
    const list = (await (await fetch(`${server.url}/api/languages`)).json()) as { id: string; name: string; available: boolean; version: string | null }[];
    expect(list.map((l) => l.id)).toEqual(['typescript', 'javascript', 'cpp17', 'cpp20', 'c11', 'python3', 'pypy3']);
    for (const l of list) expect(l, l.id).toMatchObject({ available: true, version: expect.any(String) });
    expect(list.find((l) => l.id === 'cpp17')!.version).toMatch(/g\+\+/);
    expect(list.find((l) => l.id === 'pypy3')!.version).toMatch(/Python 3/);
    expect(list.find((l) => l.id === 'c11')!.version).toMatch(/gcc/);
  });

  it('judges a correct nim solution AC in C++17, C++20, C11, CPython and PyPy', async () => {
    const results = await Promise.all([judged('cpp17', NIM_CPP17), judged('cpp20', NIM_CPP20), judged('python3', nimPython('cpython')), judged('pypy3', nimPython('pypy')), judged('c11', NIM_C11)]);
    for (const r of results) expect(r.verdict, r.compileOutput ?? '').toBe('AC');
    const s = (await getSubmission(server.url, results[0]!.id)) as unknown as { language: string };
    expect(s.language).toBe('cpp17');
    const page = await (await fetch(`${server.url}/submissions/${results[0]!.id}`)).text();
    expect(page).toContain('<small class="source-language">GNU C++17</small>');
    expect(page).toContain('class="language-cpp"');
    expect(page).toContain(`/submissions/${results[0]!.id}/source.cpp`);
    const download = await fetch(`${server.url}/submissions/${results[0]!.id}/source.cpp`);
    expect(await download.text()).toBe(NIM_CPP17);
    const c = results[4]!;
    const cPage = await (await fetch(`${server.url}/submissions/${c.id}`)).text();
    expect(cPage).toContain('<small class="source-language">GNU C11</small>');
    expect(cPage).toContain(`/submissions/${c.id}/source.c`);
  });

  // Each failure in each language: the program, and what its verdict's page or compile output says.
  const FAILURES: Record<'cpp17' | 'python3', Record<'WA' | 'CE' | 'RE' | 'TLE' | 'MLE', string>> & { c11: Partial<Record<'CE', string>> } = {
    // C is compiled as C: a C++-only program is a compile error pointing into main.c.
    c11: { CE: '#include <stdio.h>\nint main(void) {\n    std::puts("x");\n}\n' },
    cpp17: {
      WA: '#include <cstdio>\nint main() { int t; scanf("%d", &t); while (t--) puts("Yes"); }\n',
      CE: '#include <bits/stdc++.h>\nint main() {\n    undeclared = 1;\n}\n',
      RE: '#include <cstdio>\nint main() { volatile int *p = nullptr; *p = 1; }\n',
      TLE: 'int main() { volatile unsigned long long x = 0; for (;;) x++; }\n',
      MLE: '#include <bits/stdc++.h>\nint main() { std::vector<char> v(700u << 20, 1); printf("%d\\n", v[12345] + v[v.size() - 1]); }\n',
    },
    python3: {
      WA: 'print("Yes")\n',
      CE: 'import sys\nprint(1\n',
      RE: 'raise ValueError("boom")\n',
      TLE: 'while True:\n    pass\n',
      MLE: 'x = b"x" * (700 << 20)\nprint(len(x))\n',
    },
  };

  it('gives WA, CE, RE, TLE and MLE in C++ and Python, compile errors pointing into the source', async () => {
    const cases = Object.entries(FAILURES).flatMap(([language, programs]) => Object.entries(programs).map(([verdict, source]) => ({ language, verdict, source })));
    const done = await Promise.all(cases.map(async (c) => ({ ...c, judged: await judged(c.language, c.source) })));
    for (const d of done) expect(d.judged.verdict, `${d.language} ${d.verdict}`).toBe(d.verdict);
    const of = (language: string, verdict: string) => done.find((d) => d.language === language && d.verdict === verdict)!.judged;
    expect(of('cpp17', 'CE').compileOutput).toMatch(/^main\.cpp:3:5: error: .undeclared. was not declared/m);
    expect(of('cpp17', 'CE').compileOutput).not.toMatch(/\/work\/|\/tmp\//);
    expect(of('python3', 'CE').compileOutput).toMatch(/^2:\d+ error: SyntaxError/);
    expect(of('c11', 'CE').compileOutput).toMatch(/^main\.c:3:\d+: error:/m);
    expect(await (await fetch(`${server.url}/submissions/${of('cpp17', 'RE').id}`)).text()).toMatch(/SIGSEGV/);
  });

  it('compiles a source once: the same source again reuses the cached binary', async () => {
    const source = `${NIM_CPP17}// cache ${Date.now()} ${Math.random()}\n`;
    const entries = () => readdirSync(tmpdir()).filter((d) => d.startsWith('sg-judge-programs-')).flatMap((d) => readdirSync(join(tmpdir(), d)).filter((e) => e.startsWith('cpp17-')).map((e) => join(tmpdir(), d, e)));
    const before = new Set(entries());
    const first = await judged('cpp17', source);
    expect(first.verdict).toBe('AC');
    const made = entries().filter((e) => !before.has(e));
    expect(made).toHaveLength(1);
    const binary = statSync(join(made[0]!, 'main'));
    const second = await judged('cpp17', source);
    expect(second.verdict).toBe('AC');
    // Not compiled again: the binary is the very file the first compile wrote, and no entry was added.
    expect(statSync(join(made[0]!, 'main'))).toMatchObject({ ino: binary.ino, mtimeMs: binary.mtimeMs });
    expect(entries().filter((e) => !before.has(e))).toEqual(made);
    expect(((await getSubmission(server.url, second.id)) as unknown as { compileCached?: boolean }).compileCached).toBe(true);
  });

  it('plays an interactive problem with a C++ player against the judge', async () => {
    // Mirror strategy: with L < R, take the middle block (its length of N's parity), then answer each move by its mirror image.
    const player = `#include <bits/stdc++.h>
using namespace std;
int main() {
    int n, l, r;
    cin >> n >> l >> r;
    int y = (l % 2 == n % 2) ? l : l + 1;
    if (y > r) { cout << "Second" << endl; int a, b; while (cin >> a >> b && a > 0) cout << "0 0" << endl; return 0; }
    cout << "First" << endl;
    cout << (n - y) / 2 + 1 << ' ' << y << endl;
    int a, b;
    while (cin >> a >> b && a > 0) cout << n + 2 - a - b << ' ' << b << endl;
}
`;
    const { status, json } = await post('/api/invocations', { problem: 'subtraction-game', source: player, language: 'cpp17', input: '10 2 5\n' });
    expect(status, json.error).toBe(201);
    const done = await waitJobDone<{ status?: string; verdict: string; output: string }>(server.url, `/api/invocations/${json.id}`);
    expect(done.verdict).toBe('AC');
    expect(done.output).toMatch(/^< 10 2 5\n> First\n> 5 2\n< /);
    // Submitted, it wins the L < R games and loses where going second with L = R is needed.
    const sub = await judged('cpp17', player, 'subtraction-game');
    expect(sub.verdict).toBe('WA');
  });

  it('runs the samples with every language\'s starter for both kinds of problem: they compile and run (an empty answer is WA, an idle player TLE)', async () => {
    // One after the other: a person has only a few sample runs waiting at a time.
    for (const language of LANGUAGE_IDS) {
      for (const kind of ['batch', 'interactive'] as const) {
        const problem = kind === 'batch' ? 'nim' : 'subtraction-game';
        const { status, json } = await post('/api/sample-runs', { problem, source: starterCode(kind)[language], language });
        expect(status, json.error).toBe(201);
        const run = await waitJobDone<{ status?: string; verdict: string; compileOutput: string | null }>(server.url, `/api/sample-runs/${json.id}`);
        // An interactive starter that keeps listening without answering is stopped as idle (TLE).
        expect(kind === 'batch' ? ['WA'] : ['WA', 'TLE'], `${language} ${kind}: ${run.verdict} ${run.compileOutput}`).toContain(run.verdict);
      }
    }
  });

  it('stress-tests a wrong C++ solution: finds a counterexample and shrinks it', async () => {
    const wrong = `#include <bits/stdc++.h>
int main() { int t; std::cin >> t; while (t--) { int n; std::cin >> n; long long s = 0; for (int i = 0; i < n; i++) { int a; std::cin >> a; s += a; } std::cout << (s % 2 ? "Yes" : "No") << "\\n"; } }
`;
    const { status, json } = await post('/api/stress', { problem: 'nim', source: wrong, language: 'cpp17', cases: 500, seed: 12345 });
    expect(status, json.error).toBe(201);
    const done = await waitJobDone<{ status?: string; result: string; counterexample: { verdict: string; input: string; expected: string; got: string } | null; shrinkSteps: number | null }>(server.url, `/api/stress/${json.id}`);
    expect(done.result).toBe('failed');
    expect(done.counterexample!.verdict).toBe('WA');
    expect(done.counterexample!.expected.trim()).not.toBe(done.counterexample!.got.trim());
    // Shrunk: one game with a handful of small piles.
    const [t, n] = done.counterexample!.input.trim().split(/\s+/).map(Number);
    expect(t).toBe(1);
    expect(n).toBeLessThanOrEqual(3);
  });
});
