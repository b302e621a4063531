import { writeTree } from './format-fixtures';

/**
 * 2025-09 packages written by hand in the shapes BAPCtools' and the format's own test problems
 * have (nothing here is copied from them): multi-pass, per-test-case configuration files with
 * submissions.yaml, and constants.
 */

/**
 * A multi-pass problem: pass 1 gets "double N" and must print 2N; the Python output validator
 * keeps N in its feedback directory and gives pass 2 "halve 2N", which must print N back.
 */
export function multiPassDoubling(dir: string, validatorTail = ''): string {
  return writeTree(dir, {
    'problem.yaml': 'problem_format_version: 2025-09\ntype: multi-pass\nname: Doubling\nuuid: 5d0b1a52-8a1c-4c39-9b0e-2f6f7b0c1d01\nlimits:\n  time_limit: 0.5\n  memory: 256\n',
    'statement/problem.en.md': 'Double the number, then halve it again.\n',
    'data/sample/1.in': 'double 3\n',
    'data/sample/1.ans': 'ok\n',
    'data/secret/1.in': 'double 21\n',
    'data/secret/1.ans': 'ok\n',
    'input_validators/validate.py': [
      'import sys, re',
      'text = sys.stdin.read()',
      'sys.exit(42 if re.fullmatch(r"(double|halve) [0-9]+\\n", text) else 43)',
      '',
    ].join('\n'),
    'output_validator/validate.py': [
      'import sys, pathlib',
      'word, n = open(sys.argv[1]).read().split()',
      'n = int(n)',
      'feedback = pathlib.Path(sys.argv[3])',
      'def wrong(why):',
      '    (feedback / "judgemessage.txt").write_text(why)',
      '    (feedback / "teammessage.txt").write_text(why)',
      '    sys.exit(43)',
      'out = sys.stdin.read().split()',
      'if len(out) != 1 or not out[0].isdigit(): wrong("not one number")',
      'got = int(out[0])',
      'if word == "double":',
      '    if got != 2 * n: wrong(f"{got} is not twice {n}")',
      '    (feedback / "kept.txt").write_text(str(n))',
      '    (feedback / "nextpass.in").write_text(f"halve {got}\\n")',
      '    sys.exit(42)',
      '# Pass 2: the number pass 1 started from, kept in the feedback directory.',
      'first = int((feedback / "kept.txt").read_text())',
      'if got != first: wrong(f"pass 2 gave {got}, the first pass started from {first}")',
      validatorTail,
      'sys.exit(42)',
      '',
    ].join('\n'),
    'submissions/accepted/both.py': 'w, n = input().split()\nprint(int(n) * 2 if w == "double" else int(n) // 2)\n',
    'submissions/wrong_answer/always_double.py': 'w, n = input().split()\nprint(int(n) * 2)\n',
    'submissions/wrong_answer/first_wrong.py': 'w, n = input().split()\nprint(int(n) + 1)\n',
    'submissions/time_limit_exceeded/slow_second.py': 'w, n = input().split()\nif w == "halve":\n    while True: pass\nprint(int(n) * 2)\n',
  });
}

/**
 * 2025-09 with per-test-case configuration: each input validator gets the test's
 * input_validator_args (its own .yaml over its group's test_group.yaml) followed by its args;
 * submissions.yaml gives rules by folder, file, glob and brace expansion, narrowed to test groups,
 * and names a custom folder.
 */
export function caseArgsSum(dir: string, extra: Record<string, string> = {}): string {
  return writeTree(dir, {
    'problem.yaml': 'problem_format_version: 2025-09\nname: Sum Two\nuuid: 5d0b1a52-8a1c-4c39-9b0e-2f6f7b0c1d02\nlimits:\n  time_limit: 1\n  memory: 256\n',
    'statement/problem.en.md': 'Print the sum of two numbers.\n',
    'data/sample/1.in': '2 3\n',
    'data/sample/1.ans': '5\n',
    'data/sample/1.yaml': 'input_validator_args: [--max, "10"]\n',
    'data/secret/test_group.yaml': 'input_validator_args: [--max, "100"]\n',
    'data/secret/big.in': '500 600\n',
    'data/secret/big.ans': '1100\n',
    // Its own arguments replace the group's; `args` (the submission's) follow them.
    'data/secret/big.yaml': 'input_validator_args: [--max, "1000"]\nargs: [--big]\ndescription: both numbers over 100\n',
    'data/secret/small.in': '4 5\n',
    'data/secret/small.ans': '9\n',
    'input_validators/range.py': [
      'import sys',
      'args = sys.argv[1:]',
      'top = int(args[args.index("--max") + 1])',
      'a, b = map(int, sys.stdin.read().split())',
      'if max(a, b) > top:',
      '    print(f"{max(a, b)} is over {top}", file=sys.stderr)',
      '    sys.exit(43)',
      'if "--big" in args and min(a, b) <= 100:',
      '    print("a big case holds a small number", file=sys.stderr)',
      '    sys.exit(43)',
      'sys.exit(42)',
      '',
    ].join('\n'),
    'submissions/accepted/sum.py': 'a, b = map(int, input().split())\nprint(a + b)\n',
    'submissions/wrong_answer/small_only.py': 'a, b = map(int, input().split())\nprint(a + b if a + b < 100 else 0)\n',
    'submissions/partial/zero.py': 'print(0)\n',
    'submissions/partial/liar.py': 'a, b = map(int, input().split())\nprint(a + b)\n',
    'submissions/submissions.yaml': [
      '# the default folder keeps its rule; a file adds rules narrowed to test groups',
      'wrong_answer/small_only.py:',
      '  "secret/{small, tiny}":',
      '    permitted: [AC]',
      '  secret/big:',
      '    required: [WA]',
      '# a custom folder, by glob and brace expansion',
      '"partial/*.{py,cpp}":',
      '  permitted: [AC, WA]',
      '  required: [WA]',
      '  model_solution: false',
      '',
    ].join('\n'),
    ...extra,
  });
}

/**
 * 2025-09 constants: {{MAX_N}} in the Markdown statement, the Python input validator, a
 * submission and test_group.yaml is its value; a LaTeX-free package, test data left as it is.
 */
export function constantsCap(dir: string): string {
  return writeTree(dir, {
    'problem.yaml': 'problem_format_version: 2025-09\nname: Cap\nuuid: 5d0b1a52-8a1c-4c39-9b0e-2f6f7b0c1d03\nconstants:\n  MAX_N: 50\n  WORD: capped\n  BOUND:\n    value: 100\n    TEX: "10^2"\nlimits:\n  time_limit: 1\n  memory: 256\n',
    'statement/problem.en.md': 'Given $n \\le {{MAX_N}}$ (below ${{BOUND.TEX}}$), print the word {{WORD}}; {{UNKNOWN}} stays.\n',
    'data/sample/1.in': '7\n',
    'data/sample/1.ans': 'capped\n',
    'data/secret/test_group.yaml': 'input_validator_args: [--cap, "{{MAX_N}}"]\n',
    'data/secret/1.in': '50\n',
    'data/secret/1.ans': 'capped\n',
    'input_validators/cap.py': 'import sys\nn = int(sys.stdin.read())\nargs = sys.argv[1:]\ncap = int(args[1]) if args else {{MAX_N}}\nsys.exit(42 if 1 <= n <= min(cap, {{MAX_N}}) else 43)\n',
    'submissions/accepted/word.py': 'input()\nprint("{{WORD}}")\n',
    'submissions/wrong_answer/literal.py': 'input()\nprint("{{UNKNOWN}}")\n',
  });
}

/** BAPCtools' answer validator beside the input validator: `validator input < answer`, here requiring the answer to be the input's word. */
export const ANSWER_VALIDATOR = 'import sys\nword = sys.stdin.read().strip()\nn = int(open(sys.argv[1]).read())\nsys.exit(42 if word == "capped" and n > 0 else 43)\n';
