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
