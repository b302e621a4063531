import type { LanguageSpec } from './types';

/** TypeScript: type-checked by the judge's own compiler (a type error is CE), run in the JS sandbox. */
export const TYPESCRIPT: LanguageSpec = {
  id: 'typescript',
  name: 'TypeScript',
  family: 'TypeScript',
  install: '',
  extension: 'ts',
  extensions: ['ts'],
  aceMode: 'ace/mode/typescript',
  highlight: 'typescript',
  memoryGraceMb: 0,
  starter: {
    batch: `import * as fs from 'fs';

const tokens = fs.readFileSync(0, 'utf8').split(/\\s+/).filter(Boolean);
let at = 0;
const next = (): string => tokens[at++];
const out: string[] = [];

// const n = Number(next());
// out.push(String(n));

console.log(out.join('\\n'));
`,
    interactive: `import * as readline from 'readline';

// A dialogue: each line the judge writes arrives here; console.log sends a line back at once.
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line: string) => {
  const words = line.trim().split(/\\s+/);
  // console.log(answer);
});
`,
  },
  selfTest: { source: 'const [a, b] = require("fs").readFileSync(0, "utf8").split(" ").map(Number);\nconsole.log(a + b);\n', input: '2 40', output: '42' },
  native: null,
};
