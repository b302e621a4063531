import type { LanguageSpec, NativeToolchain } from './types';

/**
 * The syntax check a Python "compile" is: the source compiled (never run) by the same interpreter,
 * a SyntaxError printed as "line:col error: …" so the page links it to the source line.
 */
const SYNTAX_CHECK = [
  'import sys',
  'try:',
  "    compile(open(sys.argv[1], 'rb').read(), 'main.py', 'exec')",
  'except (SyntaxError, ValueError) as e:',
  "    sys.stderr.write('%s:%s error: %s: %s\\n' % (getattr(e, 'lineno', None) or 1, getattr(e, 'offset', None) or 1, type(e).__name__, getattr(e, 'msg', None) or e))",
  '    sys.exit(1)',
].join('\n');

function python(binary: string): NativeToolchain {
  return {
    binaries: [binary],
    versionArgs: ['--version'],
    sourceFile: 'main.py',
    artifact: 'main.py',
    compile: null,
    check: (py, box) => [py, '-B', '-c', SYNTAX_CHECK, box.source],
    // -B: no .pyc written (the program directory is read-only).
    run: (py, program) => [py, '-B', program],
  };
}

const STARTER_BATCH = `import sys


def main():
    data = sys.stdin.buffer.read().split()
    # n = int(data[0])
    out = []
    # out.append(str(n))
    sys.stdout.write('\\n'.join(out) + '\\n')


main()
`;

const STARTER_INTERACTIVE = `import sys


def main():
    # A dialogue: read a line, answer with flush=True so the judge sees it at once.
    for line in sys.stdin:
        words = line.split()
        # print(answer, flush=True)


main()
`;

const SELF_TEST = { source: 'import sys\na, b = map(int, sys.stdin.buffer.read().split())\nprint(a + b)\n', input: '2 40', output: '42' };

const PYTHON_COMMON = {
  family: 'Python',
  extension: 'py',
  extensions: ['py'],
  aceMode: 'ace/mode/python',
  highlight: 'python',
  // The interpreter counts in the program's memory, as on Kattis: no grace.
  memoryGraceMb: 0,
  starter: { batch: STARTER_BATCH, interactive: STARTER_INTERACTIVE },
  selfTest: SELF_TEST,
} as const;

export const PYTHON3: LanguageSpec = { ...PYTHON_COMMON, id: 'python3', name: 'Python 3 (CPython)', install: 'python3', native: python('python3') };
export const PYPY3: LanguageSpec = { ...PYTHON_COMMON, id: 'pypy3', name: 'Python 3 (PyPy)', install: 'pypy3', native: python('pypy3') };
