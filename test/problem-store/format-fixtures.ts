import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Packages written by hand in the shapes real archives have (the format's own examples,
 * DOMjudge's, olympiad repositories), for the import's tests: nothing here is copied from them.
 * `links` are symbolic links: path -> target (relative targets stay inside the package).
 */
export function writeTree(dir: string, files: Record<string, string>, links: Record<string, string> = {}): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  for (const [path, target] of Object.entries(links)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    symlinkSync(target, join(dir, path));
  }
  return dir;
}

/** A validate.h-shaped header of our own: the format's output validator conventions in C++. */
export const VALIDATE_H = `#pragma once
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
// The problem package format's output validator contract: argv[1] input, argv[2] answer,
// argv[3] feedback directory, the submission's output on standard input; exit 42 or 43.
static std::ifstream judge_in, judge_ans;
static std::string feedback_dir;
inline void init_io(int argc, char **argv) {
  if (argc < 4) std::exit(1);
  judge_in.open(argv[1]);
  judge_ans.open(argv[2]);
  feedback_dir = argv[3];
}
inline void team_message(const std::string &s) {
  FILE *f = std::fopen((feedback_dir + "/teammessage.txt").c_str(), "w");
  if (f) { std::fputs(s.c_str(), f); std::fclose(f); }
}
inline void judge_message(const std::string &s) {
  FILE *f = std::fopen((feedback_dir + "/judgemessage.txt").c_str(), "w");
  if (f) { std::fputs(s.c_str(), f); std::fclose(f); }
}
[[noreturn]] inline void accept() { std::exit(42); }
[[noreturn]] inline void wrong(const std::string &team, const std::string &judge) { team_message(team); judge_message(judge); std::exit(43); }
`;

/** A legacy package: no version, no uuid, a LaTeX statement, a C++ checker with its header, shared and escaping links. */
export function legacyHalves(dir: string, validatorExit = ''): string {
  return writeTree(
    dir,
    {
      'problem.yaml': 'name: Halves\nsource: Hand-made\nlicense: cc0\nvalidation: custom\nvalidator_flags: tolerance 0.01\nlimits:\n  memory: 256\n',
      'problem_statement/problem.en.tex': '\\problemname{Halves}\nGiven $n$, print $n / 2$.\n\\section*{Input}\nOne integer $n$.\n',
      'data/sample/1.in': '3\n',
      'data/sample/1.ans': '1.5\n',
      'data/secret/a.in': '10\n',
      'data/secret/a.ans': '5\n',
      'data/secret/a.desc': 'a round one\n',
      'data/secret/evil.ans': 'x\n',
      'output_validators/halves/validate.h': VALIDATE_H,
      'output_validators/halves/validate.cc': `#include "validate.h"
#include <cmath>
#include <iostream>
int main(int argc, char **argv) {
  init_io(argc, argv);${validatorExit}
  double tol = 1e-9;
  for (int i = 4; i + 1 < argc; i++) if (std::string(argv[i]) == "tolerance") tol = std::atof(argv[i + 1]);
  long long n; judge_in >> n;
  double got;
  if (!(std::cin >> got)) wrong("no number in the output", "output had no number");
  if (std::fabs(got - n / 2.0) > tol) wrong("the half is off", "expected " + std::to_string(n / 2.0));
  accept();
}
`,
      'input_validators/validate.py': 'import sys\ntext = sys.stdin.read()\nsys.exit(42 if text.strip().isdigit() and text.endswith("\\n") else 43)\n',
      'submissions/accepted/half.cc': '#include <cstdio>\nint main() { long long n; std::scanf("%lld", &n); std::printf("%.6f\\n", n / 2.0); }\n',
      'submissions/accepted/half.py': 'print(int(input()) / 2)\n',
      'submissions/accepted/Half.java': 'public class Half { public static void main(String[] a) { System.out.println(new java.util.Scanner(System.in).nextLong() / 2.0); } }\n',
      'submissions/wrong_answer/floor.py': 'print(int(input()) // 2)\n',
      'submissions/mixed/guess.py': 'print(1.5)\n',
      'submissions/README.txt': 'loose notes\n',
    },
    // A test shared by a link inside the package, and one whose link leaves it.
    { 'data/secret/shared.in': '../sample/1.in', 'data/secret/shared.ans': '../sample/1.ans', 'data/secret/evil.in': '/etc/hostname' },
  );
}

/** 2023-07: the default validator with a float tolerance from testdata.yaml, Python validator arguments by group. */
export function floatThirds(dir: string): string {
  return writeTree(dir, {
    'problem.yaml': 'problem_format_version: 2023-07-draft\nuuid: 0b7e1f5a-3c2d-4e6f-8a9b-1c2d3e4f5a6b\nname:\n  en: Thirds\n  zh: 三分之一\ntype: pass-fail\nsource: Hand-made\nlicense: cc0\nlimits:\n  time_limit: 2\n  memory: 256\nkeywords: [floats, easy]\n',
    'statement/problem.en.md': 'Print $n / 3$ within $10^{-6}$.\n',
    'data/testdata.yaml': 'output_validator_args: float_tolerance 1e-6\ninput_validator_args: --max 100\n',
    'data/sample/1.in': '1\n',
    'data/sample/1.ans': '0.333333333333\n',
    'data/secret/small/1.in': '7\n',
    'data/secret/small/1.ans': '2.33333333333333\n',
    'data/secret/big/testdata.yaml': 'input_validator_args: [--max, "10000"]\n',
    'data/secret/big/1.in': '5000\n',
    'data/secret/big/1.ans': '1666.66666666667\n',
    'input_validators/range.py': 'import sys\nmax_n = int(sys.argv[sys.argv.index("--max") + 1])\nn = int(sys.stdin.read())\nif not 1 <= n <= max_n:\n    print(f"n = {n} is over {max_n}", file=sys.stderr)\n    sys.exit(43)\nsys.exit(42)\n',
    'submissions/accepted/third.py': 'print("%.10e" % (int(input()) / 3))\n',
    'submissions/accepted/third.ts': "const n = Number(require('fs').readFileSync(0, 'utf8'));\nconsole.log((n / 3).toFixed(9));\n",
    'submissions/wrong_answer/rounded.py': 'print(round(int(input()) / 3, 2))\n',
  });
}

/** A testlib-shaped header of our own (not testlib.h): the calls a checker makes, with testlib's exit codes. */
export const TESTLIB_H = `#pragma once
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
// The shape of testlib: checker input output answer; exit 0 ok, 1 wrong answer, 3 fail.
enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3 };
struct InStream {
  FILE *f = nullptr;
  long long readLong() { long long x; if (!f || std::fscanf(f, "%lld", &x) != 1) quit(_pe, "expected an integer"); return x; }
  [[noreturn]] static void quit(TResult r, const char *msg) { std::fprintf(stderr, "%s %s\\n", r == _ok ? "ok" : r == _fail ? "FAIL" : "wrong answer", msg); std::exit(r); }
};
static InStream inf, ouf, ans;
inline void registerTestlibCmd(int argc, char **argv) {
  if (argc < 4) InStream::quit(_fail, "usage: checker input output answer");
  inf.f = std::fopen(argv[1], "r"); ouf.f = std::fopen(argv[2], "r"); ans.f = std::fopen(argv[3], "r");
  if (!inf.f || !ouf.f || !ans.f) InStream::quit(_fail, "cannot open a file");
}
[[noreturn]] inline void quitf(TResult r, const char *fmt, ...) {
  char buf[256]; va_list ap; va_start(ap, fmt); std::vsnprintf(buf, sizeof buf, fmt, ap); va_end(ap);
  InStream::quit(r, buf);
}
`;

/** Any two positive numbers summing to n, judged by a testlib checker (checker.cpp + testlib.h, one program). */
export function testlibSplit(dir: string): string {
  return writeTree(dir, {
    'problem.yaml': 'problem_format_version: 2023-07-draft\nuuid: 1c8f2a6b-4d3e-4f70-9bac-2d3e4f5a6b7c\nname: Split\nlimits:\n  time_limit: 1\n',
    'statement/problem.en.md': 'Print two positive integers summing to $n$.\n',
    'data/sample/1.in': '5\n',
    'data/sample/1.ans': '2 3\n',
    'data/secret/1.in': '100\n',
    'data/secret/1.ans': '50 50\n',
    'output_validator/checker/testlib.h': TESTLIB_H,
    'output_validator/checker/checker.cpp': `#include "testlib.h"
int main(int argc, char **argv) {
  registerTestlibCmd(argc, argv);
  long long n = inf.readLong();
  long long a = ouf.readLong(), b = ouf.readLong();
  if (a <= 0 || b <= 0) quitf(_wa, "%lld and %lld are not both positive", a, b);
  if (a + b != n) quitf(_wa, "%lld + %lld is not %lld", a, b, n);
  quitf(_ok, "%lld = %lld + %lld", n, a, b);
}
`,
    'input_validators/ok.py': 'import sys\nsys.exit(42)\n',
    'submissions/accepted/one.cpp': '#include <cstdio>\nint main() { long long n; std::scanf("%lld", &n); std::printf("1 %lld\\n", n - 1); }\n',
    'submissions/wrong_answer/zero.py': 'n = int(input())\nprint(0, n)\n',
  });
}

/** Scoring by test groups, imported pass/fail; partially_accepted is then not accepted. */
export function scoringGroups(dir: string): string {
  return writeTree(dir, {
    'problem.yaml': 'problem_format_version: 2023-07-draft\nuuid: 2d9a3b7c-5e4f-4a81-8cbd-3e4f5a6b7c8d\nname: Doubles\ntype: scoring\nlimits:\n  time_limit: 1\n',
    'statement/problem.en.md': 'Print $2n$.\n',
    'data/secret/testdata.yaml': 'on_reject: continue\n',
    'data/secret/group1/testdata.yaml': 'accept_score: 40\n',
    'data/secret/group1/1.in': '1\n',
    'data/secret/group1/1.ans': '2\n',
    'data/secret/group2/testdata.yaml': 'accept_score: 60\n',
    'data/secret/group2/1.in': '100000000000\n',
    'data/secret/group2/1.ans': '200000000000\n',
    'submissions/accepted/double.py': 'print(2 * int(input()))\n',
    'submissions/partially_accepted/small.ts': "const n = Number(require('fs').readFileSync(0, 'utf8'));\nconsole.log(n < 1000 ? 2 * n : 0);\n",
  });
}
