import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import type { Compiler } from '../../server/compile/types';
import { gameSlugs } from '../../server/lab/registry';
import { gridStates } from '../../server/mistakes/probe';
import { hasProbe, loadProbe } from '../../server/mistakes/probes';
import { runGrid } from '../../server/mistakes/run-grid';
import { trueOutcomes } from '../../server/mistakes/truth';
import { loadProblem, loadReference, REFERENCE_DIR } from '../../server/problems/registry';
import { createSandbox } from '../../server/sandbox';
import type { Sandbox } from '../../server/sandbox/types';

/**
 * Real programs on every probed problem's grid, in the judge's sandbox: the fast reference made a
 * program agrees everywhere; each known-wrong solution disagrees, and every disagreement checked is
 * real (the program alone on that one case answers otherwise than the reference).
 */
let compiler: Compiler;
let sandbox: Sandbox;

beforeAll(async () => {
  compiler = createCompiler();
  sandbox = await createSandbox();
});

afterAll(async () => {
  await Promise.all([compiler?.close(), sandbox?.close()]);
});

/**
 * Known-wrong solutions that answer the whole grid right, each for a reason the grid cannot reach:
 * numbers past 2^16 or 2^31 (or a double's rounding past 2^53), Grundy values of 32 or more, or
 * tables cut at 300 or more (the stored tests catch them); positions
 * outside the declared game's table (treblecross boards with X's, colouring rows with unequal
 * counts, k other than the grid's); or mistakes in the printed move, not in who wins (split-game).
 */
const RIGHT_ON_THE_GRID = new Set<string>([
  // Beyond the grid's numbers.
  'alice-game/int32-period.ts',
  'array-game/seen-array-of-32.ts',
  'array-game/seen-array-of-64.ts',
  'array-game/uint16-cells.ts',
  'colouring-game/uint16-counts.ts',
  'colouring-game/small-table-fallback.ts',
  'ed/thirty-bit-sg.ts',
  'ed/uint16-piles.ts',
  'fibonacci-nim/binary-search-misses-last.ts',
  'fibonacci-nim/forty-fibonacci.ts',
  'fibonacci-nim/int32-fibonacci-table.ts',
  'fibonacci-nim/perfect-square-test.ts',
  'laskers-nim/signed-xor-sign.ts',
  'laskers-nim/table-to-1000.ts',
  'laskers-nim/uint16-piles.ts',
  'mock-turtles/small-table.ts',
  's-nim/table-of-10000.ts',
  // Grundy values of 65 and more need sets of 65 moves or more, beyond the grid's sets.
  's-nim/marks-of-64.ts',
  'three-way-split/table-to-300.ts',
  'three-way-split/uint16-piles.ts',
  // Grundy values of 32 and more need 18 bottles or more beyond the bean, beyond the grid's rows.
  'split-game/seen-array-of-32.ts',
  'wythoff/cold-pairs-to-a-million.ts',
  'wythoff/double-golden-ratio.ts',
  'wythoff/phi-eight-digits.ts',
  'wythoff/phi-fourteen-digits.ts',
  'wythoff/phi-rounded-up.ts',
  // Outside the states the grid asks.
  'alice-game/period-for-every-k.ts',
  'colouring-game/count-rule-bob-only.ts',
  'colouring-game/split-only-at-bb.ts',
  'ed/sg-parity.ts',
  'treblecross/first-immediate-only.ts',
  'treblecross/union-of-both.ts',
  // Wrong in the move or the count printed, right about who wins.
  'split-game/count-not-parity.ts',
  'split-game/takes-from-empty.ts',
]);

const PROBED = gameSlugs().filter(hasProbe);

function program(slug: string): string {
  return `${readFileSync(join(REFERENCE_DIR, slug, 'fast.ts'), 'utf8')}\nprocess.stdout.write(solve(require('fs').readFileSync(0, 'utf8')));\n`;
}

describe.each(PROBED)('mistake map of %s', (slug) => {
  it('agrees everywhere for the reference, and shows where each known-wrong solution is wrong', { timeout: 300_000 }, async () => {
    const probe = await loadProbe(slug);
    const truth = await trueOutcomes(slug, probe);
    const states = gridStates(probe);
    const right = await runGrid(slug, probe, { source: program(slug), language: 'typescript' }, { compiler, sandbox });
    expect(right.ok).toBe(true);
    if (!right.ok) return;
    expect(right.answers.got.join('')).toBe(truth.join(''));
    const fast = await loadReference(slug, 'fast');
    const { pkg, wrong } = await loadProblem(slug);
    const silent: string[] = [];
    for (const w of wrong) {
      const map = await runGrid(slug, probe, { source: w.source, language: 'typescript' }, { compiler, sandbox });
      expect(map.ok, w.name).toBe(true);
      if (!map.ok) continue;
      const differ = states.flatMap((s, i) => (map.answers.got[i] !== truth[i] ? [i] : []));
      if (differ.length === 0) {
        silent.push(`${slug}/${w.name}`);
        continue;
      }
      // The first, the last and one in the middle, each asked alone.
      const compiled = await compiler.compile(w.source, 'typescript');
      if (!compiled.ok) throw new Error(compiled.diagnostics);
      await sandbox.load(compiled.js, { ...pkg.limits, outputBytes: 1 << 20 });
      for (const i of new Set([differ[0]!, differ[Math.floor(differ.length / 2)]!, differ.at(-1)!])) {
        const input = probe.input([states[i]!]);
        const run = await sandbox.run(input);
        const theirs = run.status === 'ok' ? probe.read(run.stdout, 1)[0] : null;
        expect(theirs ?? '?', `${w.name} at ${states[i]}`).toBe(map.answers.got[i]);
        expect(probe.read(fast.solve(input), 1)[0], `reference at ${states[i]}`).toBe(truth[i]);
      }
    }
    expect(silent).toEqual(wrong.map((w) => `${slug}/${w.name}`).filter((n) => RIGHT_ON_THE_GRID.has(n)));
  });
});
