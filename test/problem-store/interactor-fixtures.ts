import { AC, GUESS_TESTS } from '../helpers/guess-number-package';
import { writeTree } from './format-fixtures';

/**
 * Interactive packages written by hand in the shapes real archives have (problemtools' `guess`,
 * DOMjudge's `boolfind`, Polygon's testlib interactors): the format's interactor as a program that
 * reads the test's files from its arguments, talks to the submission on its standard input and
 * output, and exits 42/43 (testlib: 0/1/3). Nothing here is copied from them.
 */

/**
 * Guess the number, legacy (`validation: custom interactive`), the interactor in Python. It is
 * called `interactor input answer feedback_dir/ 30` (validator_flags: the most questions). The
 * answer file is read (the number must be it); "crash" makes it exit 3 (not 42 or 43: IE).
 */
export const GUESS_INTERACTOR_PY = `import sys
input_file, answer_file, feedback = sys.argv[1], sys.argv[2], sys.argv[3]
most = int(sys.argv[4])
n, secret = map(int, open(input_file).read().split())
answer = int(open(answer_file).read())
def say(s):
    print(s, flush=True)
def judge(text):
    open(feedback + 'judgemessage.txt', 'w').write(text)
def wrong(team, judge_text):
    open(feedback + 'teammessage.txt', 'w').write(team)
    judge(judge_text)
    sys.exit(43)
say(n)
asked = 0
while True:
    line = sys.stdin.readline()
    if not line:
        wrong('the program ended without answering', 'no answer; the number was %d' % secret)
    parts = line.split()
    if parts == ['crash']:
        sys.exit(3)
    if len(parts) != 2 or parts[0] not in ('?', '!'):
        wrong('question %d is not "? g" or "! x"' % (asked + 1), 'got %r' % line[:40])
    g = int(parts[1])
    if parts[0] == '!':
        if g == answer:
            judge('found %d in %d questions' % (secret, asked))
            sys.exit(42)
        wrong('that is not the number', 'answered %d, but the number was %d' % (g, secret))
    asked += 1
    if asked > most:
        wrong('more than %d questions' % most, 'asked %d questions' % asked)
    say('>' if g < secret else '<' if g > secret else '=')
`;

const BINARY_PY = (answer: string, after = '') => `n = int(input())
lo, hi = 1, n
while True:
    mid = (lo + hi) // 2
    print('?', mid, flush=True)
    said = input()
    if said == '=':
        x = mid
        print('!', ${answer}, flush=True)
        break
    if said == '>':
        lo = mid + 1
    else:
        hi = mid - 1
${after}`;

export const GUESS_WRONG_PY = BINARY_PY('x + 1');

export function legacyGuessPy(dir: string): string {
  return writeTree(dir, {
    'problem.yaml': 'name: Guess in Python\nsource: Hand-made\nlicense: cc0\nvalidation: custom interactive\nvalidator_flags: 30\n',
    'problem_statement/problem.en.md': 'Find $x$ ($1 \\le x \\le n$): ask `? g` (answered `<`, `>` or `=`), then say `! x`.\n',
    ...GUESS_TESTS,
    'output_validators/guess/interactor.py': GUESS_INTERACTOR_PY,
    'submissions/accepted/binary.py': BINARY_PY('x'),
    'submissions/accepted/binary.cc': `#include <iostream>
#include <string>
int main() {
  long long n; std::cin >> n;
  long long lo = 1, hi = n;
  for (;;) {
    long long mid = (lo + hi) / 2;
    std::cout << "? " << mid << std::endl;
    std::string said; std::cin >> said;
    if (said == "=") { std::cout << "! " << mid << std::endl; return 0; }
    if (said == ">") lo = mid + 1; else hi = mid - 1;
  }
}
`,
    // The same protocol as the TypeScript guess-the-number package's: its accepted player plays here too.
    'submissions/accepted/binary.ts': AC,
    'submissions/wrong_answer/off.py': GUESS_WRONG_PY,
    // The validator-first rule: the interactor says WA first, then the program spins to its TLE: WA stands.
    'submissions/wrong_answer/wrong-then-spin.py': "input()\nprint('! 0', flush=True)\nwhile True:\n    pass\n",
    // An accepted answer, then a crash: the interactor's AC does not outrank the program's RE.
    'submissions/run_time_error/right-then-crash.py': BINARY_PY('x', 'raise SystemExit(3)\n'),
    // The program ends first, silent: the interactor's WA comes after, so the program's RE stands.
    'submissions/run_time_error/dies-at-once.py': 'raise SystemExit(1)\n',
    // The interactor itself fails (exit 3): the judge's error, never the student's.
    'submissions/mixed/breaks-the-interactor.py': "input()\nprint('crash', flush=True)\ninput()\n",
  });
}

/** A testlib-shaped header of our own (not testlib.h), for an interactor: inf the input, ouf the program's output, tout the output file. */
export const TESTLIB_INTERACTOR_H = `#pragma once
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
// The shape of testlib: interactor input output [answer], the program on stdin/stdout; exit 0 ok, 1 wrong answer, 3 fail.
enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3 };
[[noreturn]] inline void quit(TResult r, const char *msg) { std::fprintf(stderr, "%s %s\\n", r == _ok ? "ok" : r == _fail ? "FAIL" : "wrong answer", msg); std::exit(r); }
struct InStream {
  FILE *f = nullptr;
  TResult onEof = _pe;
  long long readLong() { long long x; if (!f || std::fscanf(f, "%lld", &x) != 1) quit(onEof, "expected an integer"); return x; }
};
static InStream inf, ouf;
static FILE *tout = nullptr;
inline void registerInteraction(int argc, char **argv) {
  if (argc < 3) quit(_fail, "usage: interactor input output [answer]");
  inf.f = std::fopen(argv[1], "r"); tout = std::fopen(argv[2], "w"); ouf.f = stdin;
  inf.onEof = _fail;
  if (!inf.f || !tout) quit(_fail, "cannot open a file");
}
[[noreturn]] inline void quitf(TResult r, const char *fmt, ...) {
  char buf[256]; va_list ap; va_start(ap, fmt); std::vsnprintf(buf, sizeof buf, fmt, ap); va_end(ap);
  quit(r, buf);
}
`;

/** Sums asked one by one, 2023-07, a C++ testlib interactor (interactor.cpp + testlib.h, one program; `#include <testlib.h>`). */
export function testlibSums(dir: string): string {
  return writeTree(dir, {
    'problem.yaml': 'problem_format_version: 2023-07-draft\nuuid: 6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d\nname: Sums\ntype: interactive\nlimits:\n  time_limit: 1\n',
    'statement/problem.en.md': 'Read $k$, then answer $k$ questions `a b` with $a + b$, one by one.\n',
    'data/sample/1.in': '2\n1 2\n3 4\n',
    'data/sample/1.ans': '\n',
    'data/secret/1.in': '3\n10 20\n-5 5\n1000000000 1000000000\n',
    'data/secret/1.ans': '\n',
    'output_validator/interactor/testlib.h': TESTLIB_INTERACTOR_H,
    'output_validator/interactor/interactor.cpp': `#include <testlib.h>
int main(int argc, char **argv) {
  registerInteraction(argc, argv);
  long long k = inf.readLong();
  std::printf("%lld\\n", k); std::fflush(stdout);
  for (long long i = 1; i <= k; i++) {
    long long a = inf.readLong(), b = inf.readLong();
    std::printf("%lld %lld\\n", a, b); std::fflush(stdout);
    long long got = ouf.readLong();
    if (got == -7777) quitf(_fail, "the interactor's own failure, asked for by the program");
    if (got != a + b) quitf(_wa, "question %lld: %lld + %lld is not %lld", i, a, b, got);
  }
  std::fprintf(tout, "%lld\\n", k);
  quitf(_ok, "%lld sums", k);
}
`,
    'submissions/accepted/sums.cpp': '#include <cstdio>\nint main() { long long k; std::scanf("%lld", &k); while (k--) { long long a, b; std::scanf("%lld %lld", &a, &b); std::printf("%lld\\n", a + b); std::fflush(stdout); } }\n',
    'submissions/accepted/sums.py': 'k = int(input())\nfor _ in range(k):\n    a, b = map(int, input().split())\n    print(a + b, flush=True)\n',
    'submissions/wrong_answer/minus.py': 'k = int(input())\nfor _ in range(k):\n    a, b = map(int, input().split())\n    print(a - b, flush=True)\n',
    'submissions/mixed/fails-it.py': 'input()\ninput()\nprint(-7777, flush=True)\n',
  });
}

/** Twice n, legacy, a Python output validator that leaves both feedback files: the team's sentence and, for the teacher, the answer. */
export function legacyTwice(dir: string): string {
  return writeTree(dir, {
    'problem.yaml': 'name: Twice\nvalidation: custom\n',
    'problem_statement/problem.en.md': 'Print $2n$.\n',
    'data/sample/1.in': '21\n',
    'data/sample/1.ans': '42\n',
    'output_validators/twice/validate.py': `import sys
answer = open(sys.argv[2]).read().split()
got = sys.stdin.read().split()
if got == answer:
    sys.exit(42)
open(sys.argv[3] + 'teammessage.txt', 'w').write('not <b>twice</b> n')
open(sys.argv[3] + 'judgemessage.txt', 'w').write('expected %s, got %s' % (' '.join(answer), ' '.join(got)[:20]))
sys.exit(43)
`,
    'submissions/accepted/twice.py': 'print(2 * int(input()))\n',
  });
}
