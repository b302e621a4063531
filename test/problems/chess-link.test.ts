import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedFor } from '../../server/problems/seed';
import { boxGraph, coveredByEveryMaximumMatching, geographyFirstPlayerWins, solve as brute } from '../../reference/chess-link/brute';
import { solve as fast } from '../../reference/chess-link/fast';
import { describeProblem } from './harness';

describeProblem('chess-link');

/** Every start (r, g, b) of an n×n×n board, one game per line. */
function everyStart(n: number): string {
  const lines: string[] = [];
  for (let r = 1; r <= n; r++) for (let g = 1; g <= n; g++) for (let b = 1; b <= n; b++) lines.push(`${n} ${r} ${g} ${b}`);
  return `${lines.length}\n${lines.join('\n')}\n`;
}

describe('chess-link: the brute force is the game', () => {
  it('the literal search over (position, visited set) and the matching criterion agree on every box of at most 30 cells', () => {
    let boxes = 0;
    for (let a = 1; a <= 30; a++) {
      for (let b = a; a * b <= 30; b++) {
        for (let c = b; a * b * c <= 30; c++) {
          const adj = boxGraph(a, b, c);
          const covered = coveredByEveryMaximumMatching(adj);
          const searched = adj.map((_, v) => geographyFirstPlayerWins(adj, v));
          expect(covered, `${a}×${b}×${c}`).toEqual(searched);
          boxes++;
        }
      }
    }
    expect(boxes).toBe(68); // includes the 3×3×3 board itself
  });

  it('the matching criterion agrees with the literal search on random bipartite graphs', () => {
    const graph = fc
      .tuple(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 7 }))
      .chain(([left, right]) =>
        fc.array(fc.boolean(), { minLength: left * right, maxLength: left * right }).map((edges) => {
          const adj: number[][] = Array.from({ length: left + right }, () => []);
          edges.forEach((on, i) => {
            if (!on) return;
            const u = Math.floor(i / right);
            const v = left + (i % right);
            adj[u]!.push(v);
            adj[v]!.push(u);
          });
          return adj;
        }),
      );
    fc.assert(
      fc.property(graph, (adj) => {
        const covered = coveredByEveryMaximumMatching(adj);
        adj.forEach((_, v) => expect(covered[v], `vertex ${v} of ${JSON.stringify(adj)}`).toBe(geographyFirstPlayerWins(adj, v)));
      }),
      { seed: seedFor('chess-link', 'bipartite'), numRuns: 300 },
    );
  });

  it('fast agrees with brute on every start of every board up to n = 9', () => {
    for (let n = 1; n <= 9; n++) expect(fast(everyStart(n)), `n = ${n}`).toBe(brute(everyStart(n)));
  });

  it('on odd boards the start decides: (1,1,1) and (1,2,2) lose, (1,1,2) and the centre win', () => {
    const input = '5\n3 1 1 1\n3 1 2 2\n3 1 1 2\n3 2 2 2\n4 1 1 1\n';
    const expected = 'Bob\nBob\nAlice\nAlice\nAlice\n';
    expect(brute(input)).toBe(expected);
    expect(fast(input)).toBe(expected);
  });
});
