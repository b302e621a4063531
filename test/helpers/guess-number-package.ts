/**
 * A hand-written interactive package (guess a number) whose interactor is two TypeScript modules in
 * SG Judge's form, as a zip; `interactor` replaces the modules under output_validators/ (hostile or
 * refused interactors). Shared by the embedded judge's test (test/problem-store/interactive-package.test.ts)
 * and the distributed one (test/distributed/stored-problems.test.ts).
 */
import { zipFiles } from '../../server/package-format/zip';

const YAML = `problem_format_version: 2023-07-draft
type: interactive
name: Guess the number
uuid: 5b0a3c52-1f0e-4d6a-9c1e-2f4b8e7a9d10
limits:
  time_limit: 1
  memory: 256
`;

// The interactor: "? g" is answered <, > or =; "! g" ends the game. The words "loop", "throw" and
// "garbage" make it misbehave, so one package holds every hostile interactor this test needs.
export const RULES = `export const MAX_QUESTIONS = 30;
export function answer(secret: number, guess: number): string {
  return guess < secret ? '>' : guess > secret ? '<' : '=';
}
`;
export const INTERACTOR = `import type { InteractorIO, InteractorVerdict } from '../../server/problems/types';
import { MAX_QUESTIONS, answer } from './rules';

export async function interact(input: string, io: InteractorIO): Promise<InteractorVerdict> {
  const [n, secret] = input.trim().split(/\\s+/).map(Number);
  io.send(String(n));
  for (let asked = 0; ; ) {
    const line = await io.read();
    if (line === null) return { verdict: 'WA', message: 'the program ended without answering' };
    if (line === 'loop') for (;;) {}
    if (line === 'throw') throw new Error('the interactor gave up');
    if (line === 'garbage') { process.stdout.write('%%% not the protocol\\n'); continue; }
    const [kind, value] = line.trim().split(' ');
    const guess = Number(value);
    if (kind === '!') return guess === secret ? { verdict: 'AC', message: 'found ' + secret + ' in ' + asked + ' questions' } : { verdict: 'WA', message: 'answered ' + guess + ', but the number was ' + secret };
    if (kind !== '?' || ++asked > MAX_QUESTIONS) return { verdict: 'WA', message: 'question ' + asked + ': "' + line.slice(0, 40) + '" is not allowed' };
    io.send(answer(secret, guess));
  }
}
`;
const player = (finalAnswer: string) => `import * as readline from 'readline';
const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const next = async () => (await lines.next()).value as string;
const n = Number(await next());
let lo = 1, hi = n;
for (;;) {
  const mid = Math.floor((lo + hi) / 2);
  console.log('? ' + mid);
  const said = await next();
  if (said === '=') { const x = mid; console.log('! ' + (${finalAnswer})); break; }
  if (said === '>') lo = mid + 1; else hi = mid - 1;
}
`;
export const AC = player('x');
export const WRONG = player('x + 1');
/** The format's input validator (exit code 42: valid): n and x, 1 <= x <= n <= 10^6. */
export const VALIDATE = "const m = /^(\\d+) (\\d+)\\n$/.exec(require('fs').readFileSync(0, 'utf8'));\nprocess.exit(m && 1 <= +m[2] && +m[2] <= +m[1] && +m[1] <= 1e6 ? 42 : 43);\n";

/** The tests: `n x` and the answer x (the format-program package of test/problem-store/interactor-fixtures.ts plays the same games). */
export const GUESS_TESTS = {
  'data/sample/1.in': '10 7\n',
  'data/sample/1.ans': '7\n',
  'data/secret/1.in': '1000 1\n',
  'data/secret/1.ans': '1\n',
  'data/secret/2.in': '1000000 765432\n',
  'data/secret/2.ans': '765432\n',
};

export function guessPackage(name: string, interactor: Record<string, string> = { 'interactor/interactor.ts': INTERACTOR, 'interactor/rules.ts': RULES }): Buffer {
  const files: Record<string, string> = {
    'problem.yaml': YAML,
    'problem_statement/problem.en.md': 'Find the number $x$ ($1 \\le x \\le n$): ask `? g`, answer `! x`.\n',
    ...GUESS_TESTS,
    // The format's input validator (exit code 42: valid): n and x, 1 <= x <= n <= 10^6.
    'input_validators/validate.ts': VALIDATE,
    'submissions/accepted/binary.ts': AC,
    'submissions/wrong_answer/off-by-one.ts': WRONG,
    ...Object.fromEntries(Object.entries(interactor).map(([k, v]) => [`output_validators/${k}`, v])),
  };
  return zipFiles(Object.entries(files).map(([path, data]) => ({ path: `${name}/${path}`, data: Buffer.from(data) })));
}

