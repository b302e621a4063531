import { describe, expect, it } from 'vitest';
import { solve as brute } from '../../reference/dag-chess/brute';
import { solve as fast } from '../../reference/dag-chess/fast';
import { describeProblem } from './harness';

describeProblem('dag-chess');

const graph = (adj: number[][], queries: number[][]) =>
  `${adj.length}\n${adj.map((out) => [out.length, ...out].join(' ') + '\n').join('')}${queries.map((q) => `${q.length} ${q.join(' ')}\n`).join('')}0\n`;

describe('dag-chess: values are mex, not heights, and pieces combine by XOR', () => {
  it('successors of values {1} and {0, 2}: the literal game agrees with the mex, not with the height', () => {
    // 0 is a sink (0), 1 → 0 (1), 2 → 1 (0 by mex, 2 by height), 3 → 1, 2 (2), 4 → 0, 2 (1 by mex).
    const adj = [[], [0], [1], [1, 2], [0, 2]];
    const queries = [[2], [3], [4], [2, 2], [1, 4], [3, 1], [3, 4, 1]];
    const expected = ['LOSE', 'WIN', 'WIN', 'LOSE', 'LOSE', 'WIN', 'WIN'];
    expect(brute(graph(adj, queries)).trim().split('\n')).toEqual(expected);
    expect(fast(graph(adj, queries)).trim().split('\n')).toEqual(expected);
  });

  it('fast agrees with the literal game on every DAG of 4 positions, for every placement of 2 pieces', () => {
    // The six possible edges i → j with i < j, numbered backwards (j < i) in half the graphs.
    const edges: [number, number][] = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]];
    const placements: number[][] = [];
    for (let a = 0; a < 4; a++) for (let b = a; b < 4; b++) placements.push([a, b]);
    let input = '';
    for (let mask = 0; mask < 64; mask++) {
      for (const flip of [false, true]) {
        const adj: number[][] = [[], [], [], []];
        edges.forEach(([i, j], e) => {
          if (mask & (1 << e)) adj[flip ? 3 - i : i]!.push(flip ? 3 - j : j);
        });
        input += graph(adj, placements);
      }
    }
    expect(fast(input)).toBe(brute(input));
  });
});
