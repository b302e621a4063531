// npm run gen -- <slug> [--count N] [--size S] [--seed X] [--out DIR]
// Writes numbered .in/.ans pairs (answers from the fast reference) for practising offline.
import '../platform/require-supported-node';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { listSlugs, loadProblem, loadReference } from '../problems/registry';
import { generateCase, randomSeed } from '../stress/cases';
import { intOption, parseCli, sizeOption, usageError } from './args';

const USAGE = 'npm run gen -- <slug> [--count N] [--size tiny|small|medium|max] [--seed X] [--out DIR]';
const { values, positionals } = parseCli(USAGE, {
  count: { type: 'string' },
  size: { type: 'string' },
  seed: { type: 'string' },
  out: { type: 'string' },
});
const [slug] = positionals;
if (!slug || positionals.length !== 1) usageError(USAGE, 'expected exactly one problem slug');
if (!listSlugs().includes(slug)) usageError(USAGE, `unknown problem "${slug}"; problems: ${listSlugs().join(', ')}`);
const count = intOption(USAGE, 'count', values.count, 10, 1, 100_000);
const size = sizeOption(USAGE, values.size, 'small');
const seed = intOption(USAGE, 'seed', values.seed, randomSeed(), 0, 2 ** 31 - 1);
const out = resolve(values.out ?? join('tests-out', slug));

const problem = await loadProblem(slug);
const fast = await loadReference(slug, 'fast');
const arb = problem.pkg.arbitrary(size);
mkdirSync(out, { recursive: true });
const width = String(count).length;
for (let i = 0; i < count; i++) {
  const input = problem.pkg.format(generateCase(arb, seed, i).value_);
  const name = String(i + 1).padStart(width, '0');
  writeFileSync(join(out, `${name}.in`), input);
  writeFileSync(join(out, `${name}.ans`), fast.solve(input));
}
console.log(`wrote ${count} test(s) of size ${size} with seed ${seed} to ${out}`);
