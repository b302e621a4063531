import type { PackageFile } from '../../server/package-format/export';

/**
 * A small package written by hand (a + b), as another judge would ship it: two samples, three
 * secret tests, an accepted and a wrong solution, and a TypeScript input validator in the format's
 * contract (exit 42 valid, 43 invalid with the reason on standard error). `change` edits files.
 */
export function smallPackage(change: (files: Map<string, string>) => void = () => {}): PackageFile[] {
  const files = new Map<string, string>([
    ['problem.yaml', 'problem_format_version: 2023-07-draft\nuuid: 5ca1ab1e-0000-4000-8000-000000000001\nname:\n  en: Sum\n  zh: 求和\nsource: Hand-made\nlicense: cc0\nlimits:\n  time_limit: 1\n  memory: 256\n'],
    ['data/testdata.yaml', 'output_validator_flags: "case_sensitive"\n'],
    ['statement/problem.en.md', 'Print $a + b$.\n'],
    ['statement/problem.zh.md', '输出 $a + b$。\n'],
    ['data/sample/1.in', '1 2\n'],
    ['data/sample/1.ans', '3\n'],
    ['data/sample/2.in', '5 5\n'],
    ['data/sample/2.ans', '10\n'],
    ['data/secret/01-small.in', '0 0\n'],
    ['data/secret/01-small.ans', '0\n'],
    ['data/secret/02-big.in', '1000000 1000000\n'],
    ['data/secret/02-big.ans', '2000000\n'],
    ['data/secret/03-mixed.in', '7 -3\n'],
    ['data/secret/03-mixed.ans', '4\n'],
    ['submissions/accepted/sum.ts', "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(' ').map(Number);\nconsole.log(a + b);\n"],
    ['submissions/wrong_answer/product.ts', "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(' ').map(Number);\nconsole.log(a * b);\n"],
    [
      'input_validators/two-ints/validate.ts',
      "import { readFileSync } from 'node:fs';\nconst text = readFileSync(0, 'utf8');\nif (/^-?\\d+ -?\\d+\\n$/.test(text)) process.exit(42);\nprocess.stderr.write(`not two integers on one line: ${JSON.stringify(text.slice(0, 20))}\\n`);\nprocess.exit(43);\n",
    ],
    ['input_validators/two-ints/README.md', 'Two integers on one line.\n'],
  ]);
  change(files);
  return [...files].map(([path, text]) => ({ path, data: Buffer.from(text, 'utf8') }));
}
