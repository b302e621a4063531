import type { LanguageSpec } from './types';

/** JavaScript: only parsed (a syntax error is CE), then run exactly as TypeScript is. */
export const JAVASCRIPT: LanguageSpec = {
  id: 'javascript',
  name: 'JavaScript',
  family: 'JavaScript',
  install: '',
  extension: 'js',
  extensions: ['js', 'mjs', 'cjs'],
  aceMode: 'ace/mode/javascript',
  highlight: 'javascript',
  memoryGraceMb: 0,
  starter: {
    batch: `const fs = require('fs');

const tokens = fs.readFileSync(0, 'utf8').split(/\\s+/).filter(Boolean);
let at = 0;
const next = () => tokens[at++];
const out = [];

// const n = Number(next());
// out.push(String(n));

console.log(out.join('\\n'));
`,
    interactive: `const readline = require('readline');

// A dialogue: each line the judge writes arrives here; console.log sends a line back at once.
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const words = line.trim().split(/\\s+/);
  // console.log(answer);
});
`,
  },
  selfTest: { source: 'const [a, b] = require("fs").readFileSync(0, "utf8").split(" ").map(Number);\nconsole.log(a + b);\n', input: '2 40', output: '42' },
  native: null,
};
