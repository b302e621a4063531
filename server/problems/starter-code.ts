/**
 * What an empty editor opens with: the idiom of "What a solution can use" (docs/sandbox.md) as code, for each
 * language. It reads the whole input as tokens and prints the collected lines at the end; it
 * compiles and runs as it is (the sample-runs API test runs both).
 */
import type { Language } from '../compile/types';

export const STARTER_CODE: Readonly<Record<Language, string>> = {
  typescript: `import * as fs from 'fs';

const tokens = fs.readFileSync(0, 'utf8').split(/\\s+/).filter(Boolean);
let at = 0;
const next = (): string => tokens[at++];
const out: string[] = [];

// const n = Number(next());
// out.push(String(n));

console.log(out.join('\\n'));
`,
  javascript: `const fs = require('fs');

const tokens = fs.readFileSync(0, 'utf8').split(/\\s+/).filter(Boolean);
let at = 0;
const next = () => tokens[at++];
const out = [];

// const n = Number(next());
// out.push(String(n));

console.log(out.join('\\n'));
`,
};
