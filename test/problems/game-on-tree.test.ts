import { describe, expect, it } from 'vitest';
import { loadReference } from '../../server/problems/registry';
import { describeProblem } from './harness';

describeProblem('game-on-tree');

describe('game-on-tree beyond random inputs', () => {
  it('fast agrees with the vertex-set search on every tree of up to 8 vertices built by parent choice, in both labellings of the ends', async () => {
    const fast = await loadReference('game-on-tree', 'fast');
    const brute = await loadReference('game-on-tree', 'brute');
    const visit = (n: number, parents: number[]): void => {
      if (parents.length === n - 1) {
        // Node i (0-based) hangs from parents[i - 1]; also try the labelling that swaps 1 and n.
        const swap = (v: number) => (v === 1 ? n : v === n ? 1 : v);
        for (const label of [(v: number) => v, swap]) {
          const input = `${n}\n${parents.map((p, k) => `${label(k + 2)} ${label(p + 1)}\n`).join('')}`;
          expect(fast.solve(input), input).toBe(brute.solve(input));
        }
        return;
      }
      for (let p = 0; p <= parents.length; p++) visit(n, [...parents, p]);
    };
    for (let n = 2; n <= 8; n++) visit(n, []);
  });

  it('a path of 10^5 vertices listed from its far end does not overflow the stack', async () => {
    const fast = await loadReference('game-on-tree', 'fast');
    const n = 100_000;
    const edges = Array.from({ length: n - 1 }, (_, k) => `${n - k} ${n - k - 1}\n`).join('');
    // One stalk of n - 1 edges from vertex 1: a non-zero heap.
    expect(fast.solve(`${n}\n${edges}`)).toBe('Alice\n');
  });
});
